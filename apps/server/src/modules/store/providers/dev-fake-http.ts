import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../../lib/escape-html.js';

/**
 * A development fake's body parsing: JSON as the vendor's API takes it (an unparseable body is
 * handed on as text, for the fake to refuse as the vendor would), and the plain form posts of
 * its checkout pages' buttons (their path says what the buyer chose).
 */
export function fakeVendorParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, jsonOrText(String(body))),
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, undefined),
  );
}

/** A development fake's checkout page: a small document with the vendor's name in the title. */
export function fakeVendorPage(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}</head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** A request body as a vendor fake reads it: JSON, the text itself when it is not JSON, undefined when empty. */
export function jsonOrText(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** A fake's answer: a JSON body (none when undefined) and any headers of the vendor's. */
export interface FakeApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Serves a vendor API fake on a loopback port of its own (the tests' fakes): every request, its
 * body read whole as text, goes to `answer`.
 */
export async function serveOnLoopback(
  answer: (method: string, url: URL, text: string, headers: IncomingHttpHeaders) => FakeApiAnswer,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const { status, body, headers = {} } = answer(request.method ?? '', url, text, request.headers);
      const json = body === undefined ? {} : { 'content-type': 'application/json' };
      response.writeHead(status, { ...json, ...headers });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
