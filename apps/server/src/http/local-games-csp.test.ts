import { describe, expect, it } from 'vitest';
import { LOCAL_GAME_ORIGINS, securityHeaders } from './security.js';

const frameSrc = (headers: Record<string, string>) =>
  (headers['content-security-policy'] ?? '').split(';').find((directive) => directive.trim().startsWith('frame-src'));

describe('games framed from a dev server on this machine', () => {
  it('are allowed over http on localhost only when asked for (development), never otherwise', () => {
    expect(frameSrc(securityHeaders(["'self'"], false, LOCAL_GAME_ORIGINS))).toContain('http://localhost:*');
    expect(frameSrc(securityHeaders(["'self'"], false, LOCAL_GAME_ORIGINS))).toContain('http://127.0.0.1:*');
    expect(frameSrc(securityHeaders(["'self'"]))).not.toContain('http:');
  });
});
