import { connect, createServer, type Server, type Socket } from 'node:net';

/** What the proxy does to the next response that answers a request matching `pattern`. */
export type Sabotage = { kind: 'cut'; afterBytes: number } | { kind: 'flip'; atByte: number };

/**
 * A TCP proxy in front of a server that, once, breaks the response to a chosen request:
 * cuts the connection after some bytes (a dropped network) or flips one byte (a corrupted
 * transfer). Everything else passes through untouched, so a client meets real failures.
 */
export async function cuttingProxy(targetPort: number) {
  let armed: { pattern: string; sabotage: Sabotage } | undefined;
  let sabotaged = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let watching: Sabotage | undefined;
    let seen = 0;
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.toString('latin1').includes(armed.pattern)) {
        watching = armed.sabotage;
        armed = undefined;
        seen = 0;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!watching) return void client.write(chunk);
      const start = seen;
      seen += chunk.length;
      if (watching.kind === 'cut' && seen >= watching.afterBytes) {
        client.write(chunk.subarray(0, watching.afterBytes - start));
        sabotaged++;
        watching = undefined;
        client.destroy();
        upstream.destroy();
        return;
      }
      if (watching.kind === 'flip' && seen > watching.atByte) {
        const copy = Buffer.from(chunk);
        const at = watching.atByte - start;
        copy[at] = (copy[at] ?? 0) ^ 0xff;
        sabotaged++;
        watching = undefined;
        return void client.write(copy);
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    /** Breaks the response to the next request whose bytes contain `pattern`. */
    arm(pattern: string, sabotage: Sabotage) {
      armed = { pattern, sabotage };
    },
    /** How many responses were broken so far. */
    sabotaged: () => sabotaged,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
