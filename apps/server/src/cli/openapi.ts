import { writeFileSync } from 'node:fs';
import { createApp } from '../app.js';
import { testConfig } from '../config.js';

/** Writes the OpenAPI document (what /api/v1/openapi.json serves) to a file or stdout. */
export async function buildOpenApiDocument(): Promise<string> {
  const app = await createApp(testConfig({ webDistDir: '/nonexistent' }));
  await app.ready();
  const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  return text;
}

const target = process.argv[2];
const text = await buildOpenApiDocument();
if (target) writeFileSync(target, text);
else process.stdout.write(text);
