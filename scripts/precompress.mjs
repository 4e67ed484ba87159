// Writes `<file>.br` and `<file>.gz` beside every text asset of a built folder, so the server
// sends compressed bytes without compressing per request (@fastify/static `preCompressed`).
// Usage: node scripts/precompress.mjs <dist folder>…
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text assets worth compressing; source maps are for developers and stay as they are. */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|svg|webmanifest|json|txt|wasm)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/** Every compressible file under `dir`, recursively. */
function assets(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => COMPRESSIBLE.test(file) && statSync(file).isFile() && statSync(file).size >= MIN_BYTES);
}

/** Compresses the assets of `dir`; returns how many files and their raw and brotli sizes. */
export function precompress(dir) {
  let raw = 0;
  let brotli = 0;
  const files = assets(dir);
  for (const file of files) {
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    raw += bytes.length;
    brotli += br.length;
  }
  return { files: files.length, raw, brotli };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const dir of process.argv.slice(2)) {
    const { files, raw, brotli } = precompress(dir);
    console.log(
      `precompressed ${files} files in ${dir}: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
    );
  }
}
