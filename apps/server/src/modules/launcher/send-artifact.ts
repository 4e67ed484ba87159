import type { FastifyReply, FastifyRequest } from 'fastify';
import { LauncherError } from '../../errors.js';
import type { ArtifactStore } from './artifact-store.js';
import { parseByteRange } from './byte-range.js';
import type { DownloadTarget } from './launcher-service.js';

/**
 * Streams an artifact: the whole file (200) or the one range asked for (206), so an
 * interrupted download resumes where it stopped. Length, type and the SHA-256 (as a strong
 * ETag) come with every answer; a range past the end gets 416 with the file's size.
 */
export function sendArtifact(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ArtifactStore,
  target: DownloadTarget,
): FastifyReply {
  const { size } = target.digest;
  const range = parseByteRange(request.headers.range, size);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', `"${target.digest.sha256}"`)
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${target.name}"`);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new LauncherError('range_not_satisfiable', `The file has ${size} bytes`, { Size: String(size) });
  }
  reply.type(target.contentType);
  if (!range) return reply.header('content-length', size).send(store.read(target.file));
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(store.read(target.file, range));
}
