import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { listRecentMail } from './dev-mailbox-repository.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * /dev/mailbox: the mail the dev mailbox kept, newest first, with links that
 * work. Registered only in development mode without SMTP.
 */
export function devMailboxRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const messages = await listRecentMail(ctx.db, 50);
      const items = messages
        .map((message) => {
          const text = escapeHtml(message.text_body).replace(
            /https?:\/\/[^\s<]+/g,
            (url) => `<a href="${url}">${url}</a>`,
          );
          return `<article><h2>${escapeHtml(message.subject)}</h2><p class="meta">To ${escapeHtml(message.to_address)} · ${new Date(message.created_at).toISOString()}</p><pre>${text}</pre></article>`;
        })
        .join('');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px}article{border:1px solid #ccd;border-radius:8px;padding:8px 16px;margin:12px 0}pre{white-space:pre-wrap}.meta{color:#667}</style></head><body><h1>Dev mailbox</h1><p>Mail sent while no SMTP server is configured. Development mode only.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });
  };
}
