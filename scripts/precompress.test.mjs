import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress.mjs';

describe('precompress', () => {
  it('writes .br and .gz beside text assets of 1 KB or more, in subfolders too, and leaves maps and small files alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fxid-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const text = ${JSON.stringify('fxid '.repeat(500))};`;
    writeFileSync(join(dir, 'assets', 'app.js'), script);
    writeFileSync(join(dir, 'assets', 'app.js.map'), '{}'.repeat(1000));
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    const result = precompress(dir);
    expect(result.files).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
    expect(result.brotli).toBeLessThan(result.raw / 4);
    expect(existsSync(join(dir, 'assets', 'app.js.map.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
  });
});
