// Fails when the portal's generated API client no longer matches the server's
// OpenAPI document: run `npm run gen:client` and commit the result.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const committedJson = 'apps/web/src/shared/api/openapi.json';
const committedTypes = 'apps/web/src/shared/api/schema.d.ts';
const dir = mkdtempSync(join(tmpdir(), 'fxid-client-'));
const freshJson = join(dir, 'openapi.json');
const freshTypes = join(dir, 'schema.d.ts');

execFileSync('node', ['apps/server/dist/cli/openapi.js', freshJson], { stdio: 'inherit' });
execFileSync('npx', ['openapi-typescript', freshJson, '-o', freshTypes, '--silent'], { stdio: 'inherit' });

const stale = [
  [committedJson, freshJson],
  [committedTypes, freshTypes],
].filter(([committed, fresh]) => readOptional(committed) !== readFileSync(fresh, 'utf8'));

if (stale.length > 0) {
  console.error(`stale generated client: ${stale.map(([file]) => file).join(', ')}`);
  console.error('run `npm run gen:client` and commit the result');
  process.exit(1);
}
console.log('generated API client is up to date');

function readOptional(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
