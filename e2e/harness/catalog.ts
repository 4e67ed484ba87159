import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';
import { ownServer, REPO_ROOT, type RunningServer } from './server';

const run = promisify(execFile);
const CATALOG_CLI = join(REPO_ROOT, 'apps/server/dist/cli/catalog.js');

/** The demo catalog's text, for specs that publish a changed copy of it. */
export function demoCatalogText(): string {
  return readFileSync(join(REPO_ROOT, 'catalog/demo.yaml'), 'utf8');
}

/**
 * Publishes a catalog into a running server's database as an operator would:
 * `npm run catalog -- import FILE` (the built CLI) against the server's SQLite file.
 * Returns the CLI's report; a refused catalog fails with the CLI's problems.
 */
export async function publishCatalog(server: RunningServer, yaml: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-e2e-publish-'));
  const file = join(dir, 'catalog.yaml');
  writeFileSync(file, yaml);
  try {
    const { stdout } = await run(process.execPath, [CATALOG_CLI, 'import', file], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'development', DATABASE_URL: `sqlite:${server.databaseFile}` },
    });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A file's own server (see ownServer) whose catalog is the demo one with more games first:
 * `games` is YAML text starting with `Games:` and the added entries.
 */
export function ownServerWithGames(games: string): RunningServer {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-e2e-catalog-'));
  const file = join(dir, 'catalog.yaml');
  writeFileSync(file, demoCatalogText().replace(/^Games:\n/m, games));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return ownServer({ CATALOG_FILE: file });
}
