import { useTranslation } from 'react-i18next';
import { createLogger } from '../../../shared/lib/logger';
import { LazyInfoModal } from '../../../shared/modals/lazy-modals';
import { useModals } from '../../../shared/modals/modal-manager';
import { PERMISSION_NOT_GRANTED } from '../permission';
import { usePushConfirm } from './use-push-confirm';

const logger = createLogger('push');

/**
 * The landing's "notify me": the same confirm, then the browser's prompt, then says how
 * it went. With no game chosen there is no subscription to save (tokens are per game);
 * a game's own push.register subscribes later without asking again.
 */
export function useNotificationOptIn(): () => void {
  const { t } = useTranslation();
  const modals = useModals();
  const confirm = usePushConfirm();
  const tell = (text: string) =>
    modals.open((close) => (
      <LazyInfoModal title={t('modals.pushTitle')} onClose={close}>
        {text}
      </LazyInfoModal>
    ));

  return async () => {
    if (!('Notification' in window)) return void tell(t('modals.pushUnsupported'));
    if (!(await confirm())) return;
    const permission = await Notification.requestPermission();
    logger.info(`notification permission ${permission}`);
    if (permission !== 'granted') logger.warn(PERMISSION_NOT_GRANTED);
    tell(permission === 'granted' ? t('modals.pushEnabled') : t('modals.pushDenied'));
  };
}
