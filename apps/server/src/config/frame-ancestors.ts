/**
 * The publishing platforms that embed the portal in their pages (CSP frame-ancestors
 * unless FRAME_ANCESTORS says otherwise). A new host platform adds its origins here.
 */
export const DEFAULT_FRAME_ANCESTORS = [
  "'self'",
  'https://vk.com',
  'https://*.vk.com',
  'https://*.vkplay.ru',
  'https://ok.ru',
  'https://*.ok.ru',
  'https://yandex.ru',
  'https://*.yandex.ru',
  'https://*.yandex.com',
  'https://*.crazygames.com',
  'https://*.kongregate.com',
  'https://*.facebook.com',
  'https://web.telegram.org',
  'https://*.ag.ru',
  'https://*.mobage.jp',
].join(' ');
