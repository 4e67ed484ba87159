import type { PageConfig } from '@fxid/contract/page-config';
import { Suspense, useState } from 'react';
import { BrowserRouter, HashRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { BootSpinner } from './BootSpinner';
import { RouteErrorBoundary } from './RouteError';
import { appRoutes } from './routes';

/**
 * Browser or hash history by page configuration. With browser history the routes
 * live under the router base path; with hash history they live in the hash, and the
 * base path is where the page itself is served.
 */
export function AppRouter({ config }: { config: PageConfig }) {
  const [routes] = useState(() => appRoutes(config));
  if (config.RouterType === 'hash')
    return (
      <HashRouter>
        <AppRoutes routes={routes} />
      </HashRouter>
    );
  return (
    <BrowserRouter basename={config.RouterBasePath.replace(/\/$/, '') || '/'}>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}

/** The matched routes; a quiet spinner while the first page's code arrives, an error page if it fails. */
function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<BootSpinner />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
