import { useTranslation } from 'react-i18next';
import { buttonClass } from '../button-styles';
import { ExternalIcon } from '../icons';
import { ModalFrame } from '../ModalFrame';

/** Another page shown inside the portal, with a way out to a full tab. */
export function IframeViewerModal({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      size="lg"
      title={title}
      footer={
        <a href={url} target="_blank" rel="noopener" className={buttonClass('secondary')}>
          <ExternalIcon /> {t('common.openInNewTab')}
        </a>
      }
    >
      <iframe
        src={url}
        title={title}
        className="h-[70vh] w-full rounded-xl border border-slate-200 bg-white dark:border-slate-800"
      />
    </ModalFrame>
  );
}
