import type { PageConfig } from '@fxid/contract/page-config';
import { createContext, useContext } from 'react';

export const PageConfigContext = createContext<PageConfig | null>(null);

export function usePageConfig(): PageConfig {
  const config = useContext(PageConfigContext);
  if (!config) throw new Error('usePageConfig needs a PageConfigContext provider');
  return config;
}
