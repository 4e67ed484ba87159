import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createApp } from '../app.js';
import { testConfig } from '../config.js';

/**
 * Writes the OpenAPI document (what /api/v1/openapi.json serves) to a file or stdout. A
 * provider's own routes exist only while it is configured, so the document is built with
 * Bank131 configured too (throwaway keys, never used): its form and SBP routes are then
 * described, and the portal's client knows them.
 */
export async function buildOpenApiDocument(): Promise<string> {
  const base = testConfig({ webDistDir: '/nonexistent' });
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const bank131 = {
    projectId: 'openapi',
    privateKey: keys.privateKey,
    bankPublicKeys: [keys.publicKey],
    apiType: 'Bank131' as const,
    apiBase: 'http://127.0.0.1:9',
    demo: true,
    widgetUrl: 'http://127.0.0.1:9/widget.js',
    offline: false,
  };
  const app = await createApp({ ...base, store: { ...base.store, providers: { ...base.store.providers, bank131 } } });
  await app.ready();
  const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  return text;
}

const target = process.argv[2];
const text = await buildOpenApiDocument();
if (target) writeFileSync(target, text);
else process.stdout.write(text);
