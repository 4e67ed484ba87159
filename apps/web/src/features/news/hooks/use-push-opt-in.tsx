import { useTranslation } from 'react-i18next';
import { createLogger } from '../../../shared/lib/logger';
import { LazyInfoModal, LazyPushPermissionModal } from '../../../shared/modals/lazy-modals';
import { useModals } from '../../../shared/modals/modal-manager';

const logger = createLogger('push');

/** Asks in our own words first, then lets the browser ask, then says how it went. */
export function usePushOptIn(): () => void {
  const { t } = useTranslation();
  const modals = useModals();
  const tell = (text: string) =>
    modals.open((close) => (
      <LazyInfoModal title={t('modals.pushTitle')} onClose={close}>
        {text}
      </LazyInfoModal>
    ));

  const request = async () => {
    if (!('Notification' in window)) return tell(t('modals.pushUnsupported'));
    const permission = await Notification.requestPermission();
    logger.info(`notification permission ${permission}`);
    if (permission !== 'granted') logger.warn('Notification permission was not granted');
    tell(permission === 'granted' ? t('modals.pushEnabled') : t('modals.pushDenied'));
  };

  return () => {
    modals.open((close) => <LazyPushPermissionModal onClose={close} onConfirm={() => void request()} />);
  };
}
