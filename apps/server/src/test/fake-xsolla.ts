import { afterAll, beforeAll } from 'vitest';
import { FakeXsolla, type FakeXsollaKeys } from '../modules/store/providers/xsolla/xsolla-fake.js';

export { FAKE_XSOLLA_KEYS, FakeXsolla, type FakeXsollaKeys } from '../modules/store/providers/xsolla/xsolla-fake.js';

/** Starts a fake Xsolla API (the tests' account, or `keys`) for the enclosing describe block (call before useTestApp). */
export function useFakeXsolla(keys?: FakeXsollaKeys): FakeXsolla {
  const fake = new FakeXsolla(keys);
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}
