import { useTranslation } from 'react-i18next';
import { createLogger } from '../../../shared/lib/logger';
import { LazyInfoModal } from '../../../shared/ui/modals/lazy-modals';
import { useModals } from '../../../shared/ui/modals/modal-manager';
import { PERMISSION_NOT_GRANTED } from '../permission';
import { browserPushEnvironment, canAskForNotifications } from '../push-registration';
import { usePushConfirm } from './use-push-confirm';

const logger = createLogger('push');

/**
 * The landing's "notify me": the same confirm, then the browser's prompt, then says how
 * it went. With no game chosen there is no subscription to save (tokens are per game), so
 * it says what the permission allows: a game's own push.register subscribes later without
 * asking again. Undefined where the page cannot ask (see canAskForNotifications).
 */
export function useNotificationOptIn(): (() => void) | undefined {
  const { t } = useTranslation();
  const modals = useModals();
  const confirm = usePushConfirm();
  const tell = (text: string) =>
    modals.open((close) => (
      <LazyInfoModal title={t('modals.pushTitle')} onClose={close}>
        {text}
      </LazyInfoModal>
    ));

  if (!canAskForNotifications(browserPushEnvironment())) return undefined;
  return async () => {
    if (!(await confirm())) return;
    const permission = await Notification.requestPermission();
    logger.info(`notification permission ${permission}`);
    if (permission === 'granted') return void tell(t('modals.pushAllowed'));
    logger.warn(PERMISSION_NOT_GRANTED);
    // Dismissed without an answer: nothing was decided, so nothing to tell.
    if (permission === 'denied') tell(t('modals.pushDenied'));
  };
}
