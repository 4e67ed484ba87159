import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBranding } from '../../entities/game/branding';
import { useSignInInProgress } from '../../features/auth/lib/sign-in-progress';
import { assetUrl } from '../../shared/lib/asset-url';
import { useAuthToken } from '../../shared/lib/auth-token';
import { requestSignIn } from '../../shared/lib/sign-in-request';
import { Button } from '../../shared/ui/Button';
import { buttonClass } from '../../shared/ui/button-styles';
import { DownloadIcon, MoonIcon, SunIcon } from '../../shared/ui/icons';
import { LazyInfoModal } from '../../shared/ui/modals/lazy-modals';
import { useModals } from '../../shared/ui/modals/modal-manager';
import { promptInstall, useInstallAvailable } from '../startup/install-prompt';
import { useTheme } from '../theme';
import { LanguageSelect } from './LanguageSelect';

export function SiteHeader() {
  const { t } = useTranslation();
  const { branding } = useBranding();
  const [theme, toggleTheme] = useTheme(branding.ThemeType);
  const token = useAuthToken();
  const modals = useModals();
  const installAvailable = useInstallAvailable();
  const signingIn = useSignInInProgress();

  const install = async () => {
    // Without a captured prompt the browser's own menu is the way to install.
    if (installAvailable && (await promptInstall())) return;
    if (!installAvailable) {
      modals.open((close) => (
        <LazyInfoModal title={t('modals.installTitle')} onClose={close}>
          {t('modals.installBody')}
        </LazyInfoModal>
      ));
    }
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Link
          to="/"
          aria-label={t('header.home', { brand: branding.BrandName })}
          className="flex min-w-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 dark:text-white"
        >
          {branding.HeaderElementType !== 'None' && (
            <img src={assetUrl(branding.Logos.BrandLogo)} alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
          )}
          <span className="truncate max-[379px]:hidden">{branding.BrandName}</span>
        </Link>
        <div className="ms-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSelect />
          <Button
            variant="ghost"
            size="icon"
            onClick={toggleTheme}
            aria-label={theme === 'dark' ? t('header.lightTheme') : t('header.darkTheme')}
          >
            {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={install}
            aria-label={t('header.install')}
            title={t('header.install')}
          >
            <DownloadIcon />
          </Button>
          {token ? (
            <Link to="/Profile" className={buttonClass('secondary', 'sm')}>
              {t('header.profile')}
            </Link>
          ) : (
            <Button size="sm" onClick={() => void requestSignIn()} disabled={signingIn}>
              {t('header.signIn')}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
