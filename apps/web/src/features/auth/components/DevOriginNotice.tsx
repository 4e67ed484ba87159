import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { Notice } from '../../../shared/ui/Notice';
import { devOriginToOpen } from '../lib/dev-origin';

/** Development only: says where to open the portal when sign-in links lead to another origin. */
export function DevOriginNotice() {
  const { t } = useTranslation();
  const config = usePageConfig();
  const target = devOriginToOpen(config, window.location);
  if (!target || !config.DevPublicOrigin) return null;
  return (
    <Notice tone="warning" className="mb-4">
      <p>{t('auth.devOrigin', { origin: config.DevPublicOrigin })}</p>
      <a href={target} className="font-semibold break-all underline underline-offset-2">
        {target}
      </a>
    </Notice>
  );
}
