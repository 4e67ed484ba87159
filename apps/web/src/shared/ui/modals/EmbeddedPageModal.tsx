import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { ExpandIcon, ShrinkIcon } from '../icons';
import { ModalFrame } from '../ModalFrame';

/** An embedded page that can fill the whole screen. */
export function EmbeddedPageModal({
  url,
  title,
  fullScreen = false,
  testId,
}: {
  url: string;
  title: string;
  fullScreen?: boolean;
  /** `data-testid` of the frame, for pages that tests drive (the checkout). */
  testId?: string;
}) {
  const { t } = useTranslation();
  const [full, setFull] = useState(fullScreen);
  return (
    <ModalFrame
      size={full ? 'full' : 'lg'}
      title={title}
      headerActions={
        <Button
          variant="ghost"
          size="icon"
          aria-pressed={full}
          aria-label={full ? t('common.exitFullScreen') : t('common.fullScreen')}
          onClick={() => setFull(!full)}
        >
          {full ? <ShrinkIcon /> : <ExpandIcon />}
        </Button>
      }
    >
      <iframe
        src={url}
        title={title}
        data-testid={testId}
        className={
          full
            ? 'h-[calc(100dvh-7rem)] w-full'
            : 'h-[70vh] w-full rounded-xl border border-slate-200 dark:border-slate-800'
        }
      />
    </ModalFrame>
  );
}
