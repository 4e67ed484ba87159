import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../../lib/escape-html.js';

/**
 * A development fake's body parsing: JSON as the vendor's API takes it (an unparseable body is
 * handed on as text, for the fake to refuse as the vendor would), and the plain form posts of
 * its checkout pages' buttons (their path says what the buyer chose).
 */
export function fakeVendorParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body ? JSON.parse(String(body)) : undefined);
    } catch {
      done(null, String(body));
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, undefined),
  );
}

/** A development fake's checkout page: a small document with the vendor's name in the title. */
export function fakeVendorPage(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}</head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
