import { FakeAppStore } from '../modules/native-inapp/app-store-fake.js';
import { serveOnLoopback } from './loopback-server.js';

/** A fake App Store Server API on loopback, signing with a test root made for this run. */
export async function startFakeAppStore(): Promise<{ fake: FakeAppStore; close: () => Promise<void> }> {
  const fake = new FakeAppStore();
  const server = await serveOnLoopback((request) => fake.handle(request));
  fake.url = server.url;
  return { fake, close: server.close };
}
