import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBranding } from '../../../shared/api/branding';
import { useSite } from '../../../shared/config/use-site';
import { clearAuthToken } from '../../../shared/lib/auth-token';
import { isEmbedded } from '../../../shared/lib/environment';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Button } from '../../../shared/ui/Button';
import { InfoPage } from '../../../shared/ui/InfoPage';

/**
 * The player's profile. Inside a social platform or an iframe the platform owns the
 * account, so only a reassurance is shown (spec §2).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { branding } = useBranding();
  const { adapter } = useSite();
  useDocumentTitle(t('profile.title'), branding.BrandName);
  if (isEmbedded() || adapter !== 'fxid')
    return <InfoPage title={t('profile.title')}>{t('profile.embedded')}</InfoPage>;
  return (
    <InfoPage
      title={t('profile.title')}
      badge={t('common.comingSoon')}
      actions={
        <Button
          variant="secondary"
          onClick={() => {
            clearAuthToken();
            navigate('/');
          }}
        >
          {t('profile.signOut')}
        </Button>
      }
    >
      {t('profile.body')}
    </InfoPage>
  );
}
