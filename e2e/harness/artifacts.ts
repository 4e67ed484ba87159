import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Screenshots land here (git-ignored); CI keeps the folder as a build artifact. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts', import.meta.url));

/** Saves what the viewport shows as `artifacts/<name>.png` and returns the file's path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}
