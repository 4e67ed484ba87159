import { afterAll, beforeAll } from 'vitest';
import { FakeBank131 } from '../modules/dev-hosts/bank131-fake.js';

export {
  DECLINED_CARD,
  FAKE_BANK131_PROJECT,
  FakeBank131,
  type NotificationTarget,
} from '../modules/dev-hosts/bank131-fake.js';

/** Starts a fake Bank131 on loopback for the enclosing describe block (call before useTestApp). */
export function useFakeBank131(): FakeBank131 {
  const fake = new FakeBank131();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}
