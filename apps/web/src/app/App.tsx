import type { FirstData, PageConfig } from '@fxid/contract/page-config';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiClientContext } from '../shared/api/api-context';
import type { ApiClient } from '../shared/api/client';
import { createQueryClient } from '../shared/api/query-client';
import { PageConfigContext } from '../shared/config/page-config-context';
import { AppRouter } from './router';
import { seedFirstData } from './startup/first-data';

export interface AppProps {
  config: PageConfig;
  api: ApiClient;
  i18n: i18n;
  /** Told of every error a route's error page catches (they never reach the window). */
  onCaughtError: (error: unknown) => void;
  /** The start screen's data the server put in the page: the first render has it. */
  firstData?: FirstData | undefined;
}

/** The providers every page needs, around the router. */
export function App({ config, api, i18n, onCaughtError, firstData }: AppProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (firstData) seedFirstData(client, api, firstData, i18n.resolvedLanguage ?? config.DefaultLocale);
    return client;
  });
  return (
    <PageConfigContext.Provider value={config}>
      <ApiClientContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <AppRouter config={config} onCaughtError={onCaughtError} />
          </I18nextProvider>
        </QueryClientProvider>
      </ApiClientContext.Provider>
    </PageConfigContext.Provider>
  );
}
