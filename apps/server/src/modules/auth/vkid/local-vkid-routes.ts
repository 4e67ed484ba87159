import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { DEV_VKID_PATH } from './vkid-config.js';
import { isCatalogVkIdApp } from './vkid-options.js';
import { vkIdRedirectUri } from './vkid-sign-in.js';
import { type VkIdAnswer, VkIdStandIn } from './vkid-stand-in.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * VK ID in development, on this server (never registered in production): the authorization
 * page (a chooser of which VK user allows the app, instead of VK's login), the token endpoint
 * and user_info, answering as VK ID answers. The sign-in path that calls them is production's.
 * Apps known here are the catalog's VK ID apps, with this server's redirect URL.
 */
export function localVkIdRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const standIn = new VkIdStandIn(
    {
      redirectUri: async (clientId) => ((await isCatalogVkIdApp(ctx, clientId)) ? vkIdRedirectUri(ctx) : undefined),
    },
    ctx.now,
  );
  const send = (reply: { code: (status: number) => { send: (body: unknown) => unknown } }, answer: VkIdAnswer) =>
    reply.code(answer.status).send(answer.body);

  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_r, body, done) => done(null, body),
    );

    app.get(`${DEV_VKID_PATH}/authorize`, { schema: { hide: true } }, async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(chooserPage(query));
    });

    app.post(
      `${DEV_VKID_PATH}/authorize`,
      { schema: { hide: true, body: z.string().max(16_384) } },
      async (request, reply) => {
        const form = new URLSearchParams(request.body);
        const query = new URLSearchParams(form.get('query') ?? '');
        const userId = form.get('user_id') ?? '';
        if (!/^\d{1,12}$/.test(userId)) return reply.code(400).type('text/plain').send('user_id must be digits');
        const answer = await standIn.authorize(query, {
          user_id: userId,
          first_name: (form.get('first_name') ?? '').slice(0, 64),
          last_name: (form.get('last_name') ?? '').slice(0, 64),
        });
        if ('error' in answer) return reply.code(400).type('text/plain').send(answer.error);
        return reply.redirect(answer.redirect, 302);
      },
    );

    const formOf = (url: string, body: unknown) => {
      // The SDK puts all but the code in the query; VK ID's docs put all in the body: both count.
      const form = new URLSearchParams(url.split('?')[1] ?? '');
      for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : '')) form.set(key, value);
      return form;
    };
    app.post(`${DEV_VKID_PATH}/oauth2/auth`, { schema: { hide: true } }, async (request, reply) =>
      send(reply, standIn.token(formOf(request.url, request.body))),
    );
    app.post(`${DEV_VKID_PATH}/oauth2/user_info`, { schema: { hide: true } }, async (request, reply) =>
      send(reply, standIn.userInfo(formOf(request.url, request.body))),
    );
  };
}

/** VK ID's consent screen, played: a developer tool in English like /dev/mailbox (no script: a plain form). */
function chooserPage(query: URLSearchParams): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>VK ID (local sign-in)</title>
<meta name="viewport" content="width=device-width"></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>Sign in with VK ID</h1><p>Development stand-in for VK ID (app ${escapeHtml(query.get('client_id') ?? '')}): any VK user may be used.</p>
<form method="post" style="display:grid;gap:8px">
<input type="hidden" name="query" value="${escapeHtml(query.toString())}">
<label>VK user id <input name="user_id" required pattern="[0-9]{1,12}" value="1000001"></label>
<label>First name <input name="first_name" value="Dev"></label>
<label>Last name <input name="last_name" value="Player"></label>
<button type="submit">Allow</button></form></body></html>`;
}
