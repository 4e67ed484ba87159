/** The least environment a production start accepts, for config tests to add a part's variables to. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://play.example.com',
  TURNSTILE_SECRET: '0x4AAAAAAAreal-secret',
  SMTP_URL: 'smtp://mail.example.com',
} as const;
