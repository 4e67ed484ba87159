import { afterAll, beforeAll } from 'vitest';
import { FakeYookassa } from '../modules/store/providers/yookassa/yookassa-fake.js';

export {
  FAKE_YOOKASSA_KEYS,
  FakeYookassa,
  NOT_YOOKASSA_IP,
  YOOKASSA_SOURCE_IP,
} from '../modules/store/providers/yookassa/yookassa-fake.js';

/** Starts a fake YooKassa API for the enclosing describe block (call before useTestApp). */
export function useFakeYookassa(): FakeYookassa {
  const fake = new FakeYookassa();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}
