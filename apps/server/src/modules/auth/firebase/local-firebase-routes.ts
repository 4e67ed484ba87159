import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { DEV_FIREBASE_JWKS_PATH } from './firebase-config.js';
import {
  createLocalFirebaseIssuer,
  ID_TOKEN_TTL_S,
  type LocalFirebaseIssuer,
  localUidFor,
} from './local-firebase-issuer.js';

const PROVIDER_NAMES: Record<string, string> = {
  'google.com': 'Google',
  'apple.com': 'Apple',
  'facebook.com': 'Facebook',
};

/** Identity Toolkit's error shape, which the Firebase SDK turns into its `auth/…` codes. */
const failure = (message: string) => ({ error: { code: 400, message, errors: [{ message, reason: 'invalid' }] } });

/** What a provider says about its user: the sub, email and name of its (here unsigned) assertion. */
function providerUser(postBody: string) {
  const params = new URLSearchParams(postBody);
  const providerId = params.get('providerId') ?? '';
  const assertion = params.get('id_token') ?? params.get('access_token') ?? '';
  if (!PROVIDER_NAMES[providerId]) return undefined;
  try {
    const claims = decodeJwt(assertion);
    if (typeof claims.sub !== 'string' || claims.sub === '') return undefined;
    return {
      providerId,
      providerUid: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  } catch {
    return undefined;
  }
}

/**
 * Firebase Auth in development, on this server (never registered in production): the JWK
 * set of the local issuer, the two Identity Toolkit calls the Firebase SDK makes to sign
 * in with a provider's credential (`accounts:signInWithIdp`, `accounts:lookup`, at the
 * paths its emulator mode uses) and a page that plays the provider's account chooser.
 * Like Firebase's own emulator it trusts the provider's assertion unverified; unlike it,
 * the ID tokens it returns are RS256-signed, so the server checks them as in production.
 */
export function localFirebaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Its key pair is made on first use: most runs (and every test app) never sign in this way.
  let made: Promise<LocalFirebaseIssuer> | undefined;
  const issuer = () => {
    made ??= createLocalFirebaseIssuer();
    return made;
  };
  const projectFor = async (apiKey: string | undefined) => {
    const options = (await ctx.catalog.branding()).FirebaseOptions;
    return options && options.ApiKey === apiKey ? options.ProjectId : undefined;
  };
  const keyQuery = z.object({ key: z.string().optional() });

  // RS256 signs deterministically: two sign-ins of one user within a second would get byte-identical
  // ID tokens, and the server spends a token once. So a user's next token is dated at least a second
  // after the last one, waiting for that second to come (as if Firebase had answered a moment later).
  const lastSecondOf = new Map<string, number>();
  async function tokenTime(user: { providerId: string; providerUid: string }): Promise<number> {
    const uid = localUidFor(user.providerId, user.providerUid);
    const now = ctx.now();
    const second = Math.max(Math.floor(now / 1000), (lastSecondOf.get(uid) ?? 0) + 1);
    lastSecondOf.set(uid, second);
    if (second * 1000 > now) await new Promise((resolve) => setTimeout(resolve, second * 1000 - now));
    return second * 1000;
  }

  return async (app) => {
    app.get(DEV_FIREBASE_JWKS_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', `public, max-age=${ID_TOKEN_TTL_S}`).send((await issuer()).jwks()),
    );

    app.post(
      '/identitytoolkit.googleapis.com/v1/accounts::signInWithIdp',
      { schema: { hide: true, querystring: keyQuery, body: z.object({ postBody: z.string().max(8192) }).loose() } },
      async (request, reply) => {
        const projectId = await projectFor(request.query.key);
        if (!projectId) return reply.code(400).send(failure('API_KEY_INVALID'));
        const user = providerUser(request.body.postBody);
        if (!user) return reply.code(400).send(failure('INVALID_IDP_RESPONSE'));
        const idToken = await (await issuer()).mintIdToken({ projectId, ...user, now: await tokenTime(user) });
        return {
          kind: 'identitytoolkit#VerifyAssertionResponse',
          providerId: user.providerId,
          federatedId: user.providerUid,
          localId: localUidFor(user.providerId, user.providerUid),
          ...(user.email ? { email: user.email, emailVerified: true } : {}),
          ...(user.name ? { displayName: user.name, fullName: user.name } : {}),
          idToken,
          refreshToken: 'local-refresh-token-not-supported',
          expiresIn: String(ID_TOKEN_TTL_S),
          isNewUser: false,
        };
      },
    );

    app.post(
      '/identitytoolkit.googleapis.com/v1/accounts::lookup',
      { schema: { hide: true, querystring: keyQuery, body: z.object({ idToken: z.string().max(8192) }).loose() } },
      async (request, reply) => {
        if (!(await projectFor(request.query.key))) return reply.code(400).send(failure('API_KEY_INVALID'));
        const claims = decodeJwt(request.body.idToken) as { sub?: string; name?: string; email?: string } & {
          firebase?: { sign_in_provider?: string; identities?: Record<string, string[]> };
        };
        const providerId = claims.firebase?.sign_in_provider ?? '';
        const rawId = claims.firebase?.identities?.[providerId]?.[0] ?? '';
        return {
          kind: 'identitytoolkit#GetAccountInfoResponse',
          users: [
            {
              localId: claims.sub,
              ...(claims.email ? { email: claims.email, emailVerified: true } : {}),
              ...(claims.name ? { displayName: claims.name } : {}),
              providerUserInfo: [
                { providerId, rawId, federatedId: rawId, displayName: claims.name, email: claims.email },
              ],
              createdAt: String(ctx.now()),
              lastLoginAt: String(ctx.now()),
            },
          ],
        };
      },
    );

    app.get(
      '/dev/firebase/sign-in',
      {
        schema: {
          hide: true,
          querystring: z.object({ provider: z.enum(['google.com', 'apple.com', 'facebook.com']) }),
        },
      },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(chooserPage(PROVIDER_NAMES[request.query.provider] ?? '')),
    );
    // The chooser's script, beside the host simulator's in apps/server/dev-hosts/, served as it is.
    const script = new URL('../../../../dev-hosts/firebase-sign-in.js', import.meta.url);
    app.get('/dev/firebase/sign-in.js', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await readFile(script, 'utf8')),
    );
  };
}

/**
 * The provider's account chooser, played: a developer tool in English like /dev/mailbox.
 * Its script (a separate file: the CSP allows no inline script) hands the opener an
 * unsigned assertion of the typed user, as Firebase's emulator accepts.
 */
function chooserPage(providerName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${providerName} (local sign-in)</title>
<meta name="viewport" content="width=device-width"><script type="module" src="sign-in.js"></script></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>Sign in with ${providerName}</h1><p>Development stand-in for ${providerName} through Firebase Auth: any account may be used.</p>
<form id="account" style="display:grid;gap:8px">
<label>Account id at ${providerName} <input name="sub" required pattern="[\\w.@-]{1,64}" value="dev-user-1"></label>
<label>Name <input name="name" value="Dev Player"></label>
<label>Email <input name="email" type="email" value="dev.player@example.com"></label>
<button type="submit" disabled>Sign in</button></form></body></html>`;
}
