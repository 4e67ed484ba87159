import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** The SDK's one-file build, the file a game's plain `<script>` tag loads. */
const UMD_FILE = 'fxid-sdk.umd.cjs';

/**
 * Serves the SDK at /sdk/fxid-sdk.js, so a game's page can load it with one script tag
 * from the portal it runs in instead of copying it out of the npm package. Read once at
 * start: the build does not change under a running server.
 */
export function registerSdkScript(app: FastifyInstance, config: Config): void {
  const file = join(resolve(config.sdkDistDir), UMD_FILE);
  if (!existsSync(file)) {
    app.log.warn({ file }, 'SDK build not found; /sdk/fxid-sdk.js is not served (run npm run build)');
    return;
  }
  const script = readFileSync(file);
  app.get(`${config.portal.routerBasePath}sdk/fxid-sdk.js`, { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      // Short-lived: the URL carries no version, and games should get a fixed SDK within minutes.
      .header('cache-control', 'public, max-age=300')
      .send(script),
  );
}
