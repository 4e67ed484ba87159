import { createHash } from 'node:crypto';
import type { ArtifactInfo, ArtifactStore } from './artifact-store.js';

/** An artifact's size and SHA-256, as the manifest and download sessions state them. */
export interface ArtifactDigest {
  size: number;
  sha256: string;
}

/**
 * SHA-256 of artifact files, computed from their bytes (never typed into the catalog) and
 * kept per file version, so a build of gigabytes is read once, not on every manifest call.
 * A file replaced in place gets a new version and is hashed again.
 */
export function artifactDigests(store: ArtifactStore) {
  const cache = new Map<string, { version: string; digest: Promise<ArtifactDigest> }>();

  function hashFile(path: string, info: ArtifactInfo): Promise<ArtifactDigest> {
    return new Promise((resolve, reject) => {
      const hash = createHash('sha256');
      store
        .read(path)
        .on('data', (chunk) => hash.update(chunk))
        .on('error', reject)
        .on('end', () => resolve({ size: info.size, sha256: hash.digest('hex') }));
    });
  }

  return {
    /** The digest of a file, or undefined when the file is absent. */
    async of(path: string): Promise<ArtifactDigest | undefined> {
      const info = await store.info(path);
      if (!info) return undefined;
      const held = cache.get(path);
      if (held?.version === info.version) return held.digest;
      const digest = hashFile(path, info);
      cache.set(path, { version: info.version, digest });
      // A failed read is not remembered: the next call tries again.
      digest.catch(() => cache.delete(path));
      return digest;
    },
  };
}
export type ArtifactDigests = ReturnType<typeof artifactDigests>;
