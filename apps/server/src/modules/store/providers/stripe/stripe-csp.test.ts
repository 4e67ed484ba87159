import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../../../http/security.js';
import { stripeDescriptor } from './stripe-descriptor.js';

/** The directives of the portal's Content-Security-Policy, by name. */
function directives(checkout = stripeDescriptor.csp): Map<string, string[]> {
  const policy = securityHeaders(["'self'"], false, [], checkout)['content-security-policy'] ?? '';
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('Content-Security-Policy for the Stripe card checkout', () => {
  it('lets Stripe.js load, call its API and show its frames', () => {
    const csp = directives();
    expect(csp.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com', 'https://js.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']),
    );
  });

  it('names no Stripe origin when Stripe is not configured', () => {
    const csp = directives({});
    expect(csp.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat().some((source) => source.includes('stripe'))).toBe(false);
  });

  it('stays strict everywhere else', () => {
    const csp = directives();
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });
});
