import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { createLogger } from '../shared/lib/logger';
import { Button } from '../shared/ui/Button';
import { InfoPage } from '../shared/ui/InfoPage';

const logger = createLogger('router');

/** Shown when a page's code fails to load or render, e.g. a chunk lost to a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => logger.error('route failed', error), [error]);
  return (
    <main className="min-h-dvh">
      <InfoPage
        title={t('routeError.title')}
        actions={<Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>}
      >
        {t('routeError.body')}
      </InfoPage>
    </main>
  );
}
