// SDK size budget: raw, gzip and brotli sizes of the built game SDK (ESM and UMD) and of the
// portal host. An ES entry is measured with the shared chunks it imports, since a game loads
// them all. Exits 1 when a file is over its gzip budget. Builds only when dist is missing.
// Usage: node bench/sdk-size.mjs [--build]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'packages/sdk/dist');
/** gzip budgets in KB (1024 bytes). The architecture's overall ceiling for the SDK is 8 KB. */
const BUDGETS = [
  { file: 'fxid-sdk.js', label: 'game SDK, ESM', kb: 5 },
  { file: 'fxid-sdk.umd.cjs', label: 'game SDK, UMD', kb: 6 },
  { file: 'host.js', label: 'portal host, ESM', kb: 3 },
];

if (process.argv.includes('--build') || BUDGETS.some(({ file }) => !existsSync(join(dist, file)))) {
  console.log('building @fxid/sdk…');
  execFileSync('npm', ['run', 'build', '-w', '@fxid/sdk'], { cwd: root, stdio: 'inherit' });
}

/** An ES file and every chunk it imports, relative imports followed recursively. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(/\b(?:from|import)\s*\(?\s*["'`]([^"'`]+)["'`]/g)) {
    if (!specifier.startsWith('.')) throw new Error(`${relative(root, file)} imports a package: ${specifier}`);
    closure(join(dirname(file), specifier), seen);
  }
  return seen;
}

/** Sizes of the files concatenated: what crosses the wire, compressed per file and summed. */
function sizes(files) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`.padStart(9);
let failed = 0;
console.log(`${'file'.padEnd(22)}${'raw'.padStart(9)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}  budget (gzip)`);
for (const { file, label, kb: budget } of BUDGETS) {
  const path = join(dist, file);
  const files = file.endsWith('.js') ? [...closure(path)] : [path];
  const size = sizes(files);
  const ok = size.gzip <= budget * 1024;
  if (!ok) failed++;
  console.log(
    `${file.padEnd(22)}${kb(size.raw)} ${kb(size.gzip)} ${kb(size.brotli)}  ${ok ? 'PASS' : 'FAIL'} ≤ ${budget} KB  ${label}` +
      (files.length > 1
        ? ` (+ ${files
            .slice(1)
            .map((chunk) => relative(dist, chunk))
            .join(', ')})`
        : ''),
  );
}
console.log(failed ? `FAIL: ${failed} of ${BUDGETS.length} over budget` : `PASS: all ${BUDGETS.length} within budget`);
process.exit(failed ? 1 : 0);
