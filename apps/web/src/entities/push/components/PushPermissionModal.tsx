import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { ModalFrame } from '../../../shared/ui/ModalFrame';

/** Asks before the browser's own notification prompt, so a "no" here costs nothing. */
export function PushPermissionModal({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      size="sm"
      title={t('modals.pushTitle')}
      description={t('modals.pushBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {t('common.ok')}
          </Button>
        </>
      }
    />
  );
}
