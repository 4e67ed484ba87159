import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { ModalFrame } from '../ModalFrame';

/** A message with a close button. */
export function InfoModal({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      size="sm"
      title={title}
      description={children}
      footer={
        <Button autoFocus onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    />
  );
}
