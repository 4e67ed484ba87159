import type { ProviderDescriptor } from '../provider-descriptor.js';
import { createYookassaProvider } from './yookassa.js';
import { YOOKASSA_ENV, type YookassaConfig, yookassaConfig, yookassaProblems } from './yookassa-config.js';

/**
 * YooKassa, for the games whose catalog sets `Store.YookassaEnabled`: a payment per order,
 * confirmed on YooKassa's page (Redirect) or in its confirmation widget (Embed); each
 * notification is checked against YooKassa's addresses and re-read from its API.
 */
export const yookassaDescriptor: ProviderDescriptor<YookassaConfig, typeof YOOKASSA_ENV> = {
  storeFlag: 'YookassaEnabled',
  env: YOOKASSA_ENV,
  problems: yookassaProblems,
  settings: (env) => yookassaConfig(env),
  create: (settings) => createYookassaProvider(settings),
  // The confirmation widget's script and frames come from YooKassa.
  csp: {
    scriptSrc: ['https://yookassa.ru'],
    connectSrc: ['https://yookassa.ru', 'https://yoomoney.ru'],
    frameSrc: ['https://yookassa.ru', 'https://yoomoney.ru'],
  },
};
