import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FakeStoreAnswer as FakeAnswer } from '../modules/native-inapp/google-play-fake.js';

/**
 * Serves `handle` on 127.0.0.1 at a free port (a vendor's fake API for the vendor's own npm
 * client to call); returns its base URL and how to stop it.
 */
export async function serveOnLoopback(
  handle: (request: {
    method: string;
    url: URL;
    headers: IncomingMessage['headers'];
    body: string;
  }) => FakeAnswer | Promise<FakeAnswer>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', async () => {
      const answer = await handle({
        method: request.method ?? 'GET',
        url: new URL(request.url ?? '/', 'http://127.0.0.1'),
        headers: request.headers,
        body,
      });
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
