import { PAGE_CONFIG_ELEMENT_ID, type PageConfig } from '@fxid/contract/page-config';

const DEFAULTS: PageConfig = {
  RouterBasePath: '/',
  RouterType: 'browser',
  ApiBasePath: '',
  Locales: ['en'],
  DefaultLocale: 'en',
};

/**
 * The page-load configuration the server injected into index.html; defaults when
 * the page is served without it (the Vite dev server).
 */
export function readPageConfig(doc: Document = document): PageConfig {
  const element = doc.getElementById(PAGE_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return DEFAULTS;
  return { ...DEFAULTS, ...(JSON.parse(element.textContent) as Partial<PageConfig>) };
}

/** Where /api/v1 lives: configured, else the origin plus the router base path (spec §1). */
export function apiBaseUrl(config: PageConfig, origin: string = window.location.origin): string {
  const base = config.ApiBasePath || `${origin}${config.RouterBasePath}`;
  return base.replace(/\/$/, '');
}
