import type { PageConfig } from '@fxid/contract/page-config';
import { Suspense } from 'react';
import { BrowserRouter, HashRouter, matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { BootSpinner } from './BootSpinner';
import { type CaughtErrorHandler, RouteErrorBoundary } from './RouteError';
import { appRoutes, type ScreenHandle } from './routes';

/** One route table per page configuration: the screens preloaded at start are the ones rendered. */
const tables = new WeakMap<PageConfig, RouteObject[]>();

function routesFor(config: PageConfig): RouteObject[] {
  let routes = tables.get(config);
  if (!routes) {
    routes = appRoutes(config);
    tables.set(config, routes);
  }
  return routes;
}

const basename = (config: PageConfig) => config.RouterBasePath.replace(/\/$/, '') || '/';

/**
 * Starts fetching the chunks of every screen the current address shows (its layout and its
 * page) at once, beside the translations, rather than one after the other once React renders.
 */
export function preloadRoutes(config: PageConfig, location: Location = window.location): void {
  const hashPath = location.hash.replace(/^#/, '') || '/';
  const matches =
    config.RouterType === 'hash'
      ? matchRoutes(routesFor(config), hashPath)
      : matchRoutes(routesFor(config), location.pathname, basename(config));
  for (const { route } of matches ?? []) void (route.handle as ScreenHandle | undefined)?.preload();
}

/**
 * Browser or hash history by page configuration. With browser history the routes
 * live under the router base path; with hash history they live in the hash, and the
 * base path is where the page itself is served.
 */
export function AppRouter({ config, onCaughtError }: { config: PageConfig; onCaughtError: CaughtErrorHandler }) {
  const routes = routesFor(config);
  if (config.RouterType === 'hash')
    return (
      <HashRouter>
        <AppRoutes routes={routes} onCaughtError={onCaughtError} />
      </HashRouter>
    );
  return (
    <BrowserRouter basename={basename(config)}>
      <AppRoutes routes={routes} onCaughtError={onCaughtError} />
    </BrowserRouter>
  );
}

/** The matched routes; a quiet spinner while the first page's code arrives, an error page if it fails. */
function AppRoutes({ routes, onCaughtError }: { routes: RouteObject[]; onCaughtError: CaughtErrorHandler }) {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary resetKey={pathname} onCaughtError={onCaughtError}>
      <Suspense fallback={<BootSpinner />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
