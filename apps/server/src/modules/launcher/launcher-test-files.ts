import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The demo catalog's launcher files, written with random content into a fresh folder for a test. */
export function writeDemoArtifacts(fullBytes = 300_000) {
  const folder = mkdtempSync(join(tmpdir(), 'fxid-artifacts-'));
  const files = {
    full: randomBytes(fullBytes),
    patch: randomBytes(1234),
    demo: randomBytes(4321),
  };
  const write = (path: string, bytes: Buffer) => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  };
  write('sky-runner/stable/sky-runner-win64.zip', files.full);
  write('sky-runner/stable/sky-runner-1401-1402.patch', files.patch);
  write('sky-runner/demo/sky-runner-demo-win64.zip', files.demo);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  return { folder, files, sha256 };
}
