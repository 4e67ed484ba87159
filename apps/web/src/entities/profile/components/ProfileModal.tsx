import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { useAccount } from '../api/account';
import { usePlatformOwnsAccount } from '../lib/use-platform-owns-account';
import { LinkToWebAccount } from './LinkToWebAccount';
import { ProfileDetails } from './ProfileDetails';

/**
 * The profile over the current page (the game keeps running underneath). Inside a social
 * platform or an iframe the platform owns the account: only a reassurance, as on the page (spec §2),
 * and the way to link the platform's identity to the player's fxid account.
 */
export function ProfileModal() {
  const { t } = useTranslation();
  const platformOwnsAccount = usePlatformOwnsAccount();
  if (platformOwnsAccount)
    return (
      <ModalFrame title={t('profile.title')} size="md">
        <p className="text-slate-700 dark:text-slate-200">{t('profile.embedded')}</p>
        <LinkToWebAccount />
      </ModalFrame>
    );
  return <AccountModal />;
}

/** The full profile; a component of its own so the account is only fetched when it is shown. */
function AccountModal() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <ModalFrame title={account.data?.Name ?? t('profile.title')} size="md">
      {account.data ? (
        <ProfileDetails account={account.data} />
      ) : account.isError ? (
        <Notice tone="danger">{t('profile.loadFailed')}</Notice>
      ) : (
        <Spinner />
      )}
    </ModalFrame>
  );
}
