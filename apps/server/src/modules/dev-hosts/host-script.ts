import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';

const scriptFile = (fileName: string) => new URL(`../../../dev-hosts/${fileName}`, import.meta.url);

/** Sends a script of the simulator as JavaScript, never cached (it is edited while developing). */
const sendScript = (reply: FastifyReply, text: string) =>
  reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(text);

/**
 * A route handler serving one browser half of the simulator, a plain module in
 * apps/server/dev-hosts/ served as it is.
 */
export function hostScript(fileName: string) {
  const file = scriptFile(fileName);
  return async (_request: unknown, reply: FastifyReply) => sendScript(reply, await readFile(file, 'utf8'));
}

/**
 * A route handler serving a stand-in of a host's own script (a classic script the portal loads):
 * stand-in-kit.js, the stand-in and then `call` (a line that sets it up, when the stand-in is told
 * what to stand for), together inside one function, so that the stand-in calls the kit's
 * hostChannel and nothing of the kit reaches the page's globals.
 */
export function standInScript(fileName: string, call = '') {
  const kit = scriptFile('stand-in-kit.js');
  const file = scriptFile(fileName);
  return async (_request: unknown, reply: FastifyReply) => {
    const [kitText, standIn] = await Promise.all([readFile(kit, 'utf8'), readFile(file, 'utf8')]);
    return sendScript(reply, `(() => {\n${kitText}\n${standIn}\n${call}})();\n`);
  };
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
  return standInScript('wrapper-bridge.js', `defineBridgeStandIn(${JSON.stringify(bridge)});\n`);
}
