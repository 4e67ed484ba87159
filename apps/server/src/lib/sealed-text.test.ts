import { expect, it } from 'vitest';
import { openText, sealingKey, sealText } from './sealed-text.js';

const key = sealingKey('a test key of the deployment');

it('opens what it sealed, and nothing tampered, moved to another context or sealed with another key', () => {
  const sealed = sealText(key, 'twitch-access-token', 'account-1|sky-runner|Twitch');
  expect(sealed).not.toContain('twitch-access-token');
  expect(sealed).not.toBe(sealText(key, 'twitch-access-token', 'account-1|sky-runner|Twitch'));
  expect(openText(key, sealed, 'account-1|sky-runner|Twitch')).toBe('twitch-access-token');
  expect(openText(key, sealed, 'account-2|sky-runner|Twitch')).toBeUndefined();
  expect(openText(sealingKey('another key'), sealed, 'account-1|sky-runner|Twitch')).toBeUndefined();
  const [version, iv, body, tag] = sealed.split('.');
  const flipped = Buffer.from(body ?? '', 'base64url');
  flipped[0] = (flipped[0] ?? 0) ^ 1;
  expect(
    openText(key, [version, iv, flipped.toString('base64url'), tag].join('.'), 'account-1|sky-runner|Twitch'),
  ).toBeUndefined();
  expect(openText(key, 'not sealed', 'account-1|sky-runner|Twitch')).toBeUndefined();
});
