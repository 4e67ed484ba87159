import type { PageConfig } from '@fxid/contract/page-config';
import { createBrowserRouter, createHashRouter } from 'react-router';
import { appRoutes } from './routes';

/**
 * Browser or hash history by page configuration. With browser history the routes
 * live under the router base path; with hash history they live in the hash, and the
 * base path is where the page itself is served.
 */
export function createAppRouter(config: PageConfig) {
  const routes = appRoutes(config);
  if (config.RouterType === 'hash') return createHashRouter(routes);
  return createBrowserRouter(routes, { basename: config.RouterBasePath.replace(/\/$/, '') || '/' });
}
