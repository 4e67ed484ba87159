import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** What a store knows of one artifact file without reading it. */
export interface ArtifactInfo {
  size: number;
  /** Changes whenever the content may have changed (a local file's mtime); digests are cached by it. */
  version: string;
}

/**
 * Where artifact files live, behind one small interface: a local folder today; an object
 * store (S3 and alike) implements the same two calls with HEAD and a ranged GET.
 */
export interface ArtifactStore {
  /** The file's size and version, or undefined when it is absent. */
  info(path: string): Promise<ArtifactInfo | undefined>;
  /** Bytes `start` to `end` inclusive (the whole file without a range). */
  read(path: string, range?: { start: number; end: number }): Readable;
}

/**
 * Artifacts in a folder (LAUNCHER_ARTIFACTS_DIR). Catalog paths are already relative and free
 * of `..`; the check here keeps any other caller inside the folder too.
 */
export function localFolderStore(folder: string): ArtifactStore {
  const root = resolve(folder);
  const locate = (path: string) => {
    const full = resolve(join(root, path));
    if (!full.startsWith(root + sep)) throw new Error(`artifact path ${path} leaves ${root}`);
    return full;
  };
  return {
    async info(path) {
      try {
        const found = await stat(locate(path));
        return found.isFile() ? { size: found.size, version: `${found.size}:${found.mtimeMs}` } : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    read(path, range) {
      return createReadStream(locate(path), range ? { start: range.start, end: range.end } : {});
    },
  };
}
