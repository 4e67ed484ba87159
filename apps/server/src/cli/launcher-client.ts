import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { LauncherManifest } from '@fxid/contract';

/**
 * The reference launcher client: what a desktop launcher does with the launcher API, over
 * plain HTTP. It activates a key, lists branches, reads the manifest, downloads each
 * artifact into `NAME.part` (resuming with a Range after an interruption, with a fresh
 * download session each time) and keeps the file only when its SHA-256 matches.
 */
export interface FetchOptions {
  /** The portal's origin (and base path), e.g. http://localhost:8080/ */
  url: string;
  game: string;
  token: string;
  key?: string | undefined;
  branch?: string | undefined;
  out: string;
  /** Attempts per artifact before giving up. */
  attempts: number;
  log: (line: string) => void;
}

export class LauncherClientError extends Error {}

interface Problem {
  ErrorCode?: string;
  detail?: string;
}

export async function fetchBranch(options: FetchOptions): Promise<{ branch: string; files: string[] }> {
  const api = new URL(`api/v1/ftl_integration/${options.game}/launcher/`, options.url.replace(/\/?$/, '/'));
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(new URL(path, api), {
      ...init,
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', ...init.headers },
    });
    if (!response.ok) throw await failure(response, path);
    return (await response.json()) as T;
  };

  if (options.key) {
    const activated = await call<{ Branch: string }>('activate_key', {
      method: 'POST',
      body: JSON.stringify({ Key: options.key }),
    });
    options.log(`key activated: branch ${activated.Branch} unlocked`);
  }
  const { Branches } = await call<{ Branches: { Name: string; Version: string; BuildNumber: number }[] }>(
    'available_branches',
  );
  options.log(
    `branches: ${Branches.map((b) => `${b.Name} ${b.Version} (build ${b.BuildNumber})`).join(', ') || 'none'}`,
  );
  const branch = options.branch ?? Branches[0]?.Name;
  if (!branch) throw new LauncherClientError('no branch is available to this account');
  const manifest = await call<LauncherManifest>(`manifest/${encodeURIComponent(branch)}`);
  const files: string[] = [];
  for (const artifact of manifest.Artifacts) {
    const target = join(options.out, artifact.Name);
    await downloadArtifact(options, call, branch, artifact, target);
    files.push(target);
  }
  return { branch, files };
}

/** Downloads one artifact with resume, then checks its size and SHA-256 against the manifest. */
async function downloadArtifact(
  options: FetchOptions,
  call: <T>(path: string, init?: RequestInit) => Promise<T>,
  branch: string,
  artifact: LauncherManifest['Artifacts'][number],
  target: string,
): Promise<void> {
  const part = `${target}.part`;
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const have = await sizeOf(part);
    if (have >= artifact.FullSize) break;
    const session = await call<{ DownloadUrl: string }>('request_download', {
      method: 'POST',
      body: JSON.stringify({ Branch: branch, Artifact: artifact.Name }),
    });
    const response = await fetch(session.DownloadUrl, { headers: have > 0 ? { range: `bytes=${have}-` } : {} });
    if (response.status !== 200 && response.status !== 206) throw await failure(response, 'download');
    // A 200 to a ranged request is the whole file: start over rather than append it.
    const from = response.status === 206 ? have : 0;
    if (have > 0) options.log(`${artifact.Name}: resuming at byte ${from} of ${artifact.FullSize}`);
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(part, from > 0 ? { flags: 'a' } : { flags: 'w' }),
      );
    } catch (error) {
      options.log(
        `${artifact.Name}: interrupted at byte ${await sizeOf(part)} of ${artifact.FullSize} (${(error as Error).message})`,
      );
    }
  }
  const size = await sizeOf(part);
  if (size !== artifact.FullSize) {
    throw new LauncherClientError(
      `${artifact.Name}: got ${size} of ${artifact.FullSize} bytes after ${options.attempts} attempts`,
    );
  }
  const sha256 = await sha256Of(part);
  if (sha256 !== artifact.Hash) {
    await rm(part);
    throw new LauncherClientError(
      `${artifact.Name}: SHA-256 ${sha256} is not the manifest's ${artifact.Hash}; removed`,
    );
  }
  await rename(part, target);
  options.log(`${artifact.Name}: ${size} bytes, SHA-256 ${sha256} verified`);
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

async function failure(response: Response, what: string): Promise<LauncherClientError> {
  const problem = (await response.json().catch(() => ({}))) as Problem;
  return new LauncherClientError(
    `${what}: ${response.status} ${problem.ErrorCode ?? ''} ${problem.detail ?? ''}`.replace(/\s+$/, ''),
  );
}
