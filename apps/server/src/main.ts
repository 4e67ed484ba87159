import { createServer } from 'node:net';
import { createApp } from './app.js';
import { configFromEnvironment } from './cli/env.js';
import { metricsServer } from './metrics/metrics-routes.js';

/**
 * PORT=0 asks for any free port. It is chosen here, before the configuration is read, so
 * that everything built from the port (PUBLIC_URL's default, and with it the links in
 * sign-in emails) names the port actually served, never port 0.
 */
async function freePort(host: string | undefined): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, host, resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port was found');
  return address.port;
}

const firstConfig = configFromEnvironment();
const config =
  firstConfig.port === 0 ? configFromEnvironment({ PORT: String(await freePort(firstConfig.host)) }) : firstConfig;
const app = await createApp(config).catch((error: unknown) => {
  console.error(`fxid: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownGraceMs);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Off the public port: /metrics answers only where the operator exposes METRICS_PORT.
const metrics = config.metrics.port === undefined ? undefined : metricsServer(app.metrics.registry);
if (metrics) app.addHook('onClose', async () => metrics.close());
await app.listen({ host: config.host, port: config.port });
if (metrics) {
  await metrics.listen({ host: config.host, port: config.metrics.port ?? 0 });
  const bound = metrics.server.address();
  console.log(`metrics at http://${config.host}:${typeof bound === 'object' && bound ? bound.port : ''}/metrics`);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
const shown = `http://${shownHost}:${port}`;
console.log(`fxid is running at ${shown}${config.portal.routerBasePath}`);
// Sign-in links lead to PUBLIC_URL, and a link's sign-in reaches only tabs of that origin.
if (new URL(config.publicUrl).origin !== shown) {
  console.log(`sign-in links and redirects lead to ${config.publicUrl}: open the portal there`);
}
