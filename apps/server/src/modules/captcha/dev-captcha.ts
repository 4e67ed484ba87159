import type { Captcha } from './captcha.js';

/** Token the dev check refuses, so the failure path can be tried locally. */
export const DEV_CAPTCHA_FAIL = 'dev-captcha-fail';

/** The robot check for local use: any token passes except DEV_CAPTCHA_FAIL. */
export function createDevCaptcha(): Captcha {
  return { kind: 'dev', verify: async (token) => token !== DEV_CAPTCHA_FAIL };
}
