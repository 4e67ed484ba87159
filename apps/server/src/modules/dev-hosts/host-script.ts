import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';

/**
 * A route handler serving one browser half of the simulator, a plain module in
 * apps/server/dev-hosts/ served as it is and never cached (it is edited while developing).
 */
export function hostScript(fileName: string) {
  const file = new URL(`../../../dev-hosts/${fileName}`, import.meta.url);
  return async (_request: unknown, reply: FastifyReply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await readFile(file, 'utf8'));
}

/**
 * A wrapper bridge's stand-in (the portal page loads it from the page config's bridge URL): the
 * one script dev-hosts/wrapper-bridge.js, told which global to define, the postMessage channel
 * to the simulated wrapper, the methods (each a request answered by the host page) and the
 * subscriptions (`onX(listener)`, fed by the host page's events of that name).
 */
export function bridgeStandIn(bridge: {
  global: string;
  channel: string;
  methods: string[];
  events: Record<string, string>;
}) {
  const file = new URL('../../../dev-hosts/wrapper-bridge.js', import.meta.url);
  return async (_request: unknown, reply: FastifyReply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`${await readFile(file, 'utf8')}\ndefineBridgeStandIn(${JSON.stringify(bridge)});\n`);
}
