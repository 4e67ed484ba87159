import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { safeRedirect } from '../../lib/redirects.js';

const GoQuerySchema = z.object({
  url: z.string().max(2048).optional().describe('Where to go: a portal path or an allowed URL'),
  fxref: z
    .string()
    .max(64)
    .optional()
    .describe('Referral id of the player who shared the link (POST /friends/send_invite_notification)'),
  type: z.string().max(32).optional().describe('What kind of link it is, e.g. invite'),
});

function decodeBase64Url(text: string): string | undefined {
  return /^[\w-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : undefined;
}

/**
 * Invite and share links: `/go?url=…&fxref=…` or `/go/{Base64Url}`. They only
 * ever lead to this portal or an allowed origin; anything else goes to the
 * portal's front page. The referrer travels on to portal pages as `fxref`.
 */
export function goRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const method of ['GET', 'POST'] as const) {
      for (const url of ['/go', '/go/:Base64Url']) {
        app.route({
          method,
          url,
          schema: {
            tags: ['play'],
            summary: 'Follows an invite or share link',
            params: z.object({ Base64Url: z.string().max(3072).optional() }),
            querystring: GoQuerySchema,
            response: { 302: z.null().describe('Redirect to the target') },
          },
          handler: async (request, reply) => {
            const base = ctx.config.portal.routerBasePath;
            const raw = request.params.Base64Url ? decodeBase64Url(request.params.Base64Url) : request.query.url;
            let target = base;
            try {
              if (raw) target = safeRedirect(raw, ctx.config.publicUrl, ctx.config.redirectAllowlist);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
            }
            if (target.startsWith('/') && (request.query.fxref || request.query.type)) {
              const url = new URL(target, ctx.config.publicUrl);
              if (request.query.fxref) url.searchParams.set('fxref', request.query.fxref);
              if (request.query.type) url.searchParams.set('type', request.query.type);
              target = `${url.pathname}${url.search}${url.hash}`;
            }
            return reply.code(302).header('location', target).header('cache-control', 'no-store').send(null);
          },
        });
      }
    }
  };
}
