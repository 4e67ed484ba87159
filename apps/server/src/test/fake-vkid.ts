import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VkIdStandIn, type VkIdUser } from '../modules/auth/vkid/vkid-stand-in.js';

/**
 * VK ID for tests, on loopback HTTP: `/oauth2/auth` and `/oauth2/user_info` answer as VK ID
 * does (the same stand-in that backs development's /dev/vkid), so the server's token call
 * goes over real HTTP. `authorize` plays the browser at VK ID's `/authorize`: the user allows
 * the app, and what VK ID appends to the redirect URL comes back. Its clock is the test's.
 */
export async function startFakeVkId(apps: Record<string, string>, now: () => number) {
  const standIn = new VkIdStandIn({ redirectUri: (clientId) => apps[clientId] }, now);
  const calls: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = new URLSearchParams(url.search);
      for (const [key, value] of new URLSearchParams(body)) form.set(key, value);
      calls.push(url.pathname);
      const answer =
        request.method === 'POST' && url.pathname === '/oauth2/auth'
          ? standIn.token(form)
          : request.method === 'POST' && url.pathname === '/oauth2/user_info'
            ? standIn.userInfo(form)
            : { status: 404, body: { error: 'not_found' } };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The paths VK ID was called at, in order. */
    calls,
    /** The user allows the app at `authorizeUrl`: VK ID's redirect parameters, or its error. */
    async authorize(authorizeUrl: string, user: VkIdUser) {
      const answer = await standIn.authorize(new URL(authorizeUrl).searchParams, user);
      if ('error' in answer) return answer;
      return Object.fromEntries(new URL(answer.redirect).searchParams) as Record<string, string>;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
