// Runs `npm run catalog -- import` (the built CLI) on a SQLite file while the server's database layer
// writes to it from this process: `writers` loops, each a transaction (a read, then an insert) and then
// `pauseMs` of rest (0: none). Prints, per import, whether it got through and how long it took, and how
// many of the writers' transactions failed meanwhile. A server and an operator's import share the file's
// write lock; neither should fail while the other holds it for a moment. Needs `npm run build:ts`.
// Usage: node bench/import-beside-writes.mjs [writers=32] [pauseMs=20] [imports=3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { sleep } from './lib/http.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const writers = Number(process.argv[2] ?? 32);
const pauseMs = Number(process.argv[3] ?? 20);
const imports = Number(process.argv[4] ?? 3);
const { openDatabase } = await import(join(root, 'apps/server/dist/db/database.js'));
const { migrateToLatest } = await import(join(root, 'apps/server/dist/db/migrate.js'));

const dir = mkdtempSync(join(tmpdir(), 'fxid-import-bench-'));
const url = `sqlite:${join(dir, 'fxid.sqlite')}`;
const { db } = openDatabase(url);
await migrateToLatest(db);
await sql`create table bench_writes (n integer, body text)`.execute(db);

let stop = false;
let committed = 0;
let failed = 0;
const errors = new Set();
async function writer() {
  while (!stop) {
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('bench_writes').select('n').where('n', '=', committed).execute();
        await trx
          .insertInto('bench_writes')
          .values({ n: committed, body: 'x'.repeat(200) })
          .execute();
      });
      committed++;
    } catch (error) {
      failed++;
      errors.add(error.code ?? error.message);
    }
    if (pauseMs > 0) await sleep(pauseMs);
  }
}

/** Runs the import CLI once; resolves with its exit code and the first line of its output that names an error. */
function runImport() {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'apps/server/dist/cli/catalog.js'), 'import', join(root, 'catalog/demo.yaml')],
      {
        env: { PATH: process.env.PATH, DATABASE_URL: url, NODE_ENV: 'development' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) =>
      resolve({
        code,
        error:
          stderr
            .split('\n')
            .find((line) => /error/i.test(line))
            ?.trim() ?? '',
      }),
    );
  });
}

console.log(
  `import-beside-writes: ${writers} writers, ${pauseMs} ms pause, SQLite (SQLITE_SYNCHRONOUS=${process.env.SQLITE_SYNCHRONOUS ?? 'full'}), Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
const running = Array.from({ length: writers }, writer);
await sleep(1000);
let passed = 0;
for (let i = 1; i <= imports; i++) {
  const [startCommitted, startFailed, started] = [committed, failed, Date.now()];
  const { code, error } = await runImport();
  const ms = Date.now() - started;
  if (code === 0) passed++;
  const rate = Math.round(((committed - startCommitted) * 1000) / ms);
  console.log(
    `import ${i}: ${code === 0 ? 'done' : `exit ${code} (${error})`} in ${ms} ms; writers ${rate} transactions/s, ${failed - startFailed} failed`,
  );
}
stop = true;
await Promise.all(running);
await db.destroy();
rmSync(dir, { recursive: true, force: true });
console.log(
  `imports through: ${passed} of ${imports}; writers' failed transactions: ${failed}${errors.size ? ` (${[...errors].join(', ')})` : ''}`,
);
