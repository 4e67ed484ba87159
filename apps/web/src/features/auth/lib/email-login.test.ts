// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../shared/api/client';
import { requestEmailLogin } from './email-login';

function fakeApi() {
  const POST = vi.fn(async () => ({ data: { Success: true }, response: new Response(null, { status: 200 }) }));
  return { api: { POST } as unknown as ApiClient, POST };
}

describe('requestEmailLogin', () => {
  it('sends the address, the robot-check token, the way back and the language', async () => {
    const { api, POST } = fakeApi();
    await requestEmailLogin(api, {
      email: 'a@example.com',
      captchaToken: 'tok',
      gameSystemName: 'sky-runner',
      returnTo: '/Profile',
      locale: 'ru',
      basePath: '/games/',
    });
    expect(POST).toHaveBeenCalledWith('/api/v1/invite/email_invite', {
      body: {
        Email: 'a@example.com',
        CaptchaResult: 'tok',
        GameSystemName: 'sky-runner',
        RedirectUri: '/games/Profile',
        Locale: 'ru',
        BrowserNonce: expect.stringMatching(/^[\w-]{43}$/),
      },
    });
  });

  it('sends the same browser nonce with every link it asks for', async () => {
    const { api, POST } = fakeApi();
    const ask = () => requestEmailLogin(api, { email: 'a@example.com', captchaToken: 'tok', basePath: '/' });
    await ask();
    await ask();
    const nonces = POST.mock.calls.map(
      (call) => (call as unknown as [string, { body: { BrowserNonce: string } }])[1].body.BrowserNonce,
    );
    expect(nonces[0]).toMatch(/^[\w-]{43}$/);
    expect(nonces[1]).toBe(nonces[0]);
  });

  it('needs both the address and the token', async () => {
    const { api, POST } = fakeApi();
    const base = { basePath: '/' };
    await expect(requestEmailLogin(api, { ...base, email: '', captchaToken: 't' })).rejects.toThrow(
      'Email is required for email login',
    );
    await expect(requestEmailLogin(api, { ...base, email: 'a@example.com', captchaToken: '' })).rejects.toThrow(
      'Captcha token is required for email login',
    );
    expect(POST).not.toHaveBeenCalled();
  });
});
