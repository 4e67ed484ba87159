import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OAuth2StandIn } from './oauth2-stand-in.js';

/** A vendor's stand-in: the shared OAuth server and the vendor's own paths and answers around it. */
export interface LocalOAuth2Service {
  /** Where it answers under PUBLIC_URL, e.g. `/dev/twitch`. */
  path: string;
  /** The vendor's name on its consent page. */
  name: string;
  server: OAuth2StandIn;
  handle(request: { method: string; url: URL; headers: Record<string, unknown>; body: string }): {
    status: number;
    body: Record<string, unknown>;
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * An OAuth vendor in development, on this server (never registered in production): its
 * authorization page (a chooser of which user allows the client, instead of the vendor's
 * login; "Deny" returns `error=access_denied` as RFC 6749 §4.1.2.1 says) and, under the same
 * path, the vendor's token and user endpoints as the vendor answers them.
 */
export function localOAuth2Routes(service: LocalOAuth2Service): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'application/json'],
      { parseAs: 'string', bodyLimit: 16_384 },
      (_r, body, done) => done(null, body),
    );

    app.get(`${service.path}/oauth2/authorize`, { schema: { hide: true } }, async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(consentPage(service.name, query));
    });

    app.post(
      `${service.path}/oauth2/authorize`,
      { schema: { hide: true, body: z.string().max(16_384) } },
      async (request, reply) => {
        const form = new URLSearchParams(request.body);
        const query = new URLSearchParams(form.get('query') ?? '');
        const userId = form.get('user_id') ?? '';
        if (!/^[\w.-]{1,64}$/.test(userId))
          return reply.code(400).type('text/plain').send('user id: 1-64 of [A-Za-z0-9_.-]');
        const login = (form.get('login') || userId).slice(0, 64);
        const email = form.get('email') || undefined;
        // Checks the client and its redirect URL either way: a denial goes back only where a code would.
        const answer = service.server.authorize(query, { id: userId, login, email });
        if ('error' in answer) return reply.code(400).type('text/plain').send(answer.error);
        const back = new URL(query.get('redirect_uri') ?? '');
        if (form.get('decision') === 'deny') back.searchParams.set('error', 'access_denied');
        else back.searchParams.set('code', answer.code);
        back.searchParams.set('state', query.get('state') ?? '');
        return reply.redirect(back.toString(), 302);
      },
    );

    app.all(`${service.path}/*`, { schema: { hide: true } }, async (request, reply) => {
      const url = new URL(request.url.slice(service.path.length), 'http://stand-in');
      const answer = service.handle({
        method: request.method,
        url,
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : '',
      });
      return reply.code(answer.status).send(answer.body);
    });
  };
}

/** The vendor's consent screen, played: a developer tool in English like /dev/mailbox (a plain form, no script). */
function consentPage(name: string, query: URLSearchParams): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)} (local sign-in)</title>
<meta name="viewport" content="width=device-width"></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>Sign in with ${escapeHtml(name)}</h1><p>Development stand-in for ${escapeHtml(name)} (client ${escapeHtml(query.get('client_id') ?? '')}): any user may be used.</p>
<form method="post" style="display:grid;gap:8px">
<input type="hidden" name="query" value="${escapeHtml(query.toString())}">
<label>User id <input name="user_id" required pattern="[A-Za-z0-9_.\\-]{1,64}" value="1000001"></label>
<label>Login <input name="login" value="dev_player"></label>
<label>Email <input name="email" type="email" value="dev.player@example.com"></label>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button></form></body></html>`;
}
