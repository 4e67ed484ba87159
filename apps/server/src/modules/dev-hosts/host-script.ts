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
