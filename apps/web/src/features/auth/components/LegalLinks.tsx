import { useTranslation } from 'react-i18next';
import { appUrl } from '../../../shared/config/app-url';
import { usePageConfig } from '../../../shared/config/page-config-context';

const linkClass = 'font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

/** The login modal's footer: the terms of service and privacy policy, in a new tab so the modal stays. */
export function LegalLinks({ tosUrl, ppUrl }: { tosUrl?: string | undefined; ppUrl?: string | undefined }) {
  const { t } = useTranslation();
  const config = usePageConfig();
  return (
    <p className="text-center text-xs text-slate-600 dark:text-slate-400">
      {t('auth.legalNotice')}{' '}
      <a className={linkClass} href={tosUrl ?? appUrl(config, '/Docs/tos')} target="_blank" rel="noopener">
        {t('footer.terms')}
      </a>
      {' · '}
      <a className={linkClass} href={ppUrl ?? appUrl(config, '/Docs/pp')} target="_blank" rel="noopener">
        {t('footer.privacy')}
      </a>
    </p>
  );
}
