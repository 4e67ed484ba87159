import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/api/account';
import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { ProfileDetails } from './ProfileDetails';

/** The profile over the current page (the game keeps running underneath). */
export function ProfileModal() {
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
