import { FakeGooglePlay } from '../modules/native-inapp/google-play-fake.js';
import { serveOnLoopback } from './loopback-server.js';

/** A fake Google Play on loopback; its `url` is the API root, `${url}/token` the token endpoint. */
export async function startFakeGooglePlay(): Promise<{ fake: FakeGooglePlay; close: () => Promise<void> }> {
  const fake = new FakeGooglePlay();
  const server = await serveOnLoopback((request) => fake.handle(request));
  fake.url = server.url;
  return { fake, close: server.close };
}
