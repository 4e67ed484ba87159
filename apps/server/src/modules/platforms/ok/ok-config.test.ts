import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { OK_FAPI_URL } from './ok-config.js';
import { TEST_OK_CONFIG } from './ok-test-support.js';

describe("OK's FAPI URL (OK_FAPI_URL, page config OkFapiUrl)", () => {
  it("is OK's fapi5.js in production and the simulator's stand-in in development", () => {
    const dev = loadConfig({});
    expect(dev.ok && dev.config.platforms.ok.fapiUrl).toBe('dev/hosts/ok/fapi5.js');
    expect(OK_FAPI_URL).toBe('https://api.ok.ru/js/fapi5.js');
  });

  it('refuses a plain-http or protocol-relative URL', () => {
    for (const url of ['http://api.ok.ru/js/fapi5.js', '//api.ok.ru/js/fapi5.js', 'javascript:alert(1)']) {
      const result = loadConfig({ OK_FAPI_URL: url });
      expect(result.ok).toBe(false);
    }
    const own = loadConfig({ OK_FAPI_URL: '/vendor/fapi5.js' });
    expect(own.ok && own.config.platforms.ok.fapiUrl).toBe('/vendor/fapi5.js');
  });
});

describe("OK's applications (OK_APPS)", () => {
  it('reads app id, public key and rotating secrets per game, and refuses two apps for one game or a bad pair', () => {
    const rotating = loadConfig({
      OK_APPS:
        'sky-runner=512000000001:CBAPUBLICKEY:ok-secret-key-old-00001, sky-runner=512000000001:CBAPUBLICKEY:ok-secret-key-new-00002',
    });
    expect(rotating.ok && rotating.config.platforms.ok.apps).toEqual({
      'sky-runner': {
        appId: '512000000001',
        publicKey: 'CBAPUBLICKEY',
        secrets: ['ok-secret-key-old-00001', 'ok-secret-key-new-00002'],
      },
    });
    const twoApps = loadConfig({
      OK_APPS:
        'sky-runner=512000000001:CBAPUBLICKEY:ok-secret-key-old-00001,sky-runner=512000000002:CBAOTHER:ok-secret-key-new-00002',
    });
    expect(twoApps.ok ? [] : twoApps.problems.join('\n')).toMatch(/sky-runner is given two OK applications/);
    for (const bad of [
      'sky-runner=512000000001:ok-secret-key-old-00001',
      'sky-runner=app:CBAPUBLICKEY:ok-secret-key-0001',
    ]) {
      const result = loadConfig({ OK_APPS: bad });
      expect(result.ok ? [] : result.problems.join('\n')).toMatch(/Expected game=appId:publicKey:secretKey/);
    }
  });
});

describe("the portal's CSP with OK's FAPI", () => {
  const testApp = useTestApp('sqlite', {
    platforms: { ...testConfig().platforms, ok: { ...TEST_OK_CONFIG, fapiUrl: OK_FAPI_URL } },
  });

  it("allows scripts from OK's origin when FAPI loads from there", async () => {
    const page = await testApp().app.inject('/api/docs');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'[^;]* https:\/\/api\.ok\.ru/);
  });
});
