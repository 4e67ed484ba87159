/**
 * The least environment production boots with (loadConfig passes it): the variables every
 * production run must set and nothing else, so a config test adds only the variables it is about.
 * With no PAYMENT_PROVIDER, purchases are off, as in production they are unless one is named.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://play.example.com',
  TURNSTILE_SECRET: '0x4AAAAAAAreal-secret',
  SMTP_URL: 'smtp://mail.example.com',
} as const;
