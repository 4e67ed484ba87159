import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config.js';
import { NATIVE_INAPP_ENV, nativeInAppSettings } from './native-config.js';

const dir = mkdtempSync(join(tmpdir(), 'native-config-'));
const file = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
/** The variables as config.ts parses them, then production's settings and problems. */
const production = (env: Record<string, string>) =>
  nativeInAppSettings(z.object(NATIVE_INAPP_ENV).parse(env), 'production');

describe('native in-app configuration', () => {
  it('reads the stores of each game, the key files and the pinned roots', () => {
    const result = production({
      GOOGLE_PLAY_PACKAGES: 'sky-runner=com.fxid.skyrunner, gem-garden=com.fxid.gemgarden',
      GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: file(
        'sa.json',
        JSON.stringify({ client_email: 'v@p.iam.gserviceaccount.com', private_key: rsa }),
      ),
      APP_STORE_APPS: 'sky-runner=com.fxid.skyrunner.ios:1234567890',
      APP_STORE_KEY_FILE: file('key.p8', ec),
      APP_STORE_KEY_ID: '2X9R4HXF34',
      APP_STORE_ISSUER_ID: '57246542-96fe-1a63-e053-0824d011072a',
      APP_STORE_ROOT_CERT_FILES: file('root.der', Buffer.from([0x30, 0x82])),
    });
    expect(result.problems).toEqual([]);
    const { googlePlay, appStore } = result.config;
    expect(googlePlay.packages).toEqual({ 'sky-runner': 'com.fxid.skyrunner', 'gem-garden': 'com.fxid.gemgarden' });
    expect(googlePlay.serviceAccount?.clientEmail).toBe('v@p.iam.gserviceaccount.com');
    expect(appStore.apps).toEqual({ 'sky-runner': { bundleId: 'com.fxid.skyrunner.ios', appAppleId: 1234567890 } });
    expect(appStore).toMatchObject({ environment: 'Production', apiUrl: 'https://api.storekit.apple.com', dev: false });
    expect(appStore.apiKey?.keyId).toBe('2X9R4HXF34');
    expect(appStore.rootCertificates).toEqual([Buffer.from([0x30, 0x82])]);
  });

  it('lists every missing key, unreadable file and bad pair', () => {
    const result = production({
      GOOGLE_PLAY_PACKAGES: 'sky-runner=com.fxid.skyrunner',
      APP_STORE_APPS: 'sky-runner=com.fxid.skyrunner.ios',
      APP_STORE_ROOT_CERT_FILES: join(dir, 'missing.der'),
    });
    const problems = result.problems.join('\n');
    expect(problems).toContain('GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: required when GOOGLE_PLAY_PACKAGES names a game');
    expect(problems).toContain('APP_STORE_KEY_FILE, APP_STORE_KEY_ID, APP_STORE_ISSUER_ID: required');
    expect(problems).toContain('APP_STORE_ROOT_CERT_FILES: cannot read');
    expect(problems).toContain('APP_STORE_APPS: sky-runner needs its appAppleId in production');
    const bad = loadConfig({ GOOGLE_PLAY_PACKAGES: 'sky-runner=not a package' });
    expect(bad.ok ? [] : bad.problems.join('\n')).toContain('Expected game=com.example.package');
  });

  it('development with nothing configured uses the fake stores on this server', () => {
    const result = loadConfig({});
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.nativeInApp.googlePlay.dev).toBe(true);
    expect(result.config.nativeInApp.appStore).toMatchObject({ dev: true, environment: 'Sandbox' });
  });
});
