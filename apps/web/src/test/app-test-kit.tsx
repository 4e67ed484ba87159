import type { PageConfig } from '@fxid/contract/page-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import createClient from 'openapi-fetch';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ApiClientContext } from '../shared/api/api-context';
import type { ApiClient } from '../shared/api/client';
import { createQueryClient } from '../shared/api/query-client';
import type { paths } from '../shared/api/schema';
import { PageConfigContext } from '../shared/config/page-config-context';
import { englishMessages as en } from '../shared/i18n/complete-messages';

// For component tests only: what a page has around it, without the network or lazy locales.

/** i18next with the given bundled locales, ready at once (no lazy loading); English by default. */
export function testI18n(language = 'en', locales: Record<string, object> = { en }): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: Object.fromEntries(Object.entries(locales).map(([code, messages]) => [code, { translation: messages }])),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** The English instance the kits share. */
export const englishI18n = testI18n();

export const TEST_PAGE_CONFIG: PageConfig = {
  RouterBasePath: '/',
  RouterType: 'browser',
  ApiBasePath: '',
  Locales: ['en'],
  DefaultLocale: 'en',
};

/** A JSON answer of the fake server. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The generated API client over a fake server. */
export function testApi(fetch: (request: Request) => Promise<Response>): ApiClient {
  return createClient<paths>({ baseUrl: 'http://localhost', fetch }) as ApiClient;
}

/** Renders `ui` inside the page configuration, the API client, a fresh query cache and i18n. */
export function renderWithApp(
  ui: ReactNode,
  { api, config = TEST_PAGE_CONFIG, i18n = englishI18n }: { api: ApiClient; config?: PageConfig; i18n?: I18n },
) {
  const queryClient = createQueryClient();
  const view = render(
    <PageConfigContext.Provider value={config}>
      <ApiClientContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
        </QueryClientProvider>
      </ApiClientContext.Provider>
    </PageConfigContext.Provider>,
  );
  return { queryClient, view };
}
