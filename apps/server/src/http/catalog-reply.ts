import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameCatalog } from '../modules/catalog/game-catalog.js';

/** Answers kept per reader; past this many (distinct inputs) the lot is dropped and rebuilt. */
const MAX_ENTRIES = 2000;
/**
 * Anyone may keep the answer (it is the same for every caller) but must ask again before
 * reusing it; the ETag makes asking again cheap (304, GET routes). No max-age: an import
 * shows at once rather than after a cache's lifetime.
 */
export const SHARED_CACHE_CONTROL = 'public, no-cache';
/** For answers that depend on the caller (a signed-in player's): nobody keeps them. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

interface Entry {
  version: number;
  /** The serialized answer, encoded once: sent as is, its length known without counting UTF-8 bytes again. */
  body: Buffer;
  etag: string;
}

/** One value of what an answer depends on (compared by value). */
export type CatalogInput = string | number | boolean | undefined;

/**
 * Kept answers as a tree: by route, then by each input value in turn, so that finding one
 * builds no key string (no JSON, no concatenation) per request.
 */
interface Node {
  entry?: Entry;
  next?: Map<CatalogInput, Node>;
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends answers built only from the catalog (games, products, news, documents, the FAQ),
 * which changes only on import: each answer is built and serialized once per catalog version
 * and input, then sent from memory with an ETag; a GET whose If-None-Match names it gets 304.
 * An answer kept for the version the catalog knows is sent synchronously (no promise): the
 * hot path of every page load. Never use it for an answer that depends on who asks.
 */
export function createCatalogReplies(catalog: GameCatalog) {
  const routes = new Map<string | undefined, Node>();
  let kept = 0;

  function find(route: string | undefined, input: readonly CatalogInput[]): Entry | undefined {
    let node = routes.get(route);
    for (let i = 0; node && i < input.length; i++) node = node.next?.get(input[i]);
    return node?.entry;
  }

  function keep(route: string | undefined, input: readonly CatalogInput[], entry: Entry): void {
    if (kept >= MAX_ENTRIES) {
      routes.clear();
      kept = 0;
    }
    let node = routes.get(route) ?? {};
    routes.set(route, node);
    for (const value of input) {
      node.next ??= new Map();
      const child: Node = node.next.get(value) ?? {};
      node.next.set(value, child);
      node = child;
    }
    if (!node.entry) kept++;
    node.entry = entry;
  }

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
    reply.header('etag', entry.etag).header('cache-control', SHARED_CACHE_CONTROL);
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      etagMatches(request.headers['if-none-match'], entry.etag)
    ) {
      return reply.code(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(entry.body);
  }

  async function rebuild(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string | undefined,
    input: readonly CatalogInput[],
    build: () => Promise<unknown>,
  ) {
    const version = await catalog.version();
    let entry = find(route, input);
    if (entry?.version !== version) {
      // The route's own response serializer: what is kept is exactly what it would send.
      const body = Buffer.from(String(reply.serialize(await build())));
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
      entry = { version, body, etag: `"${version}-${hash}"` };
      keep(route, input, entry);
    }
    return send(request, reply, entry);
  }

  return function sendFromCatalog(
    request: FastifyRequest,
    reply: FastifyReply,
    /** Everything of the request the answer depends on. */
    input: readonly CatalogInput[],
    build: () => Promise<unknown>,
  ): FastifyReply | Promise<FastifyReply> {
    const route = request.routeOptions.url;
    const entry = find(route, input);
    const version = catalog.knownVersion();
    if (entry && version !== undefined && entry.version === version) return send(request, reply, entry);
    return rebuild(request, reply, route, input, build);
  };
}

export type SendFromCatalog = ReturnType<typeof createCatalogReplies>;
