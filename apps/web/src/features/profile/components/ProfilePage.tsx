import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBranding } from '../../../entities/game/branding';
import { useAccount } from '../../../entities/profile/api/account';
import { LinkToWebAccount } from '../../../entities/profile/components/LinkToWebAccount';
import { ProfileDetails } from '../../../entities/profile/components/ProfileDetails';
import { usePlatformOwnsAccount } from '../../../entities/profile/lib/use-platform-owns-account';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Button } from '../../../shared/ui/Button';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { useSignOut } from '../hooks/use-sign-out';
import { AddSignInMethod } from './AddSignInMethod';
import { ConnectedServices } from './ConnectedServices';
import { LinkGameAccount } from './LinkGameAccount';
import { MoveSignIn } from './MoveSignIn';

/**
 * The player's profile. Inside a social platform or an iframe the platform owns the
 * account, so only a reassurance is shown (spec §2), with the way to link the platform's identity
 * to the player's fxid account.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { branding } = useBranding();
  const platformOwnsAccount = usePlatformOwnsAccount();
  const account = useAccount();
  const signOut = useSignOut();
  useDocumentTitle(t('profile.title'), branding.BrandName);
  if (platformOwnsAccount) {
    return (
      <InfoPage title={t('profile.title')}>
        {t('profile.embedded')}
        <LinkToWebAccount />
      </InfoPage>
    );
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12" data-testid="profile">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {account.data?.Name ?? t('profile.title')}
        </h1>
        <Button variant="secondary" onClick={() => void signOut().then(() => navigate('/'))}>
          {t('profile.signOut')}
        </Button>
      </div>
      {account.data ? (
        <>
          <ProfileDetails account={account.data} />
          <AddSignInMethod account={account.data} />
          <LinkGameAccount />
          <ConnectedServices />
          <MoveSignIn account={account.data} />
        </>
      ) : account.isError ? (
        <Notice tone="danger">
          {t('profile.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void account.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Notice>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
