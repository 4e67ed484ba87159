import { describe, expect, it, vi } from 'vitest';
import { acceptPendingInvite, captureFxref, FXREF_KEY, forgetFxref, fxrefFromUrl, pendingFxref } from './fxref';

const REF = 'AbCdEfGhIjKlMnOpQrStUv';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

const quiet = () => ({ info: vi.fn(), warn: vi.fn() });
const problem = (status: number) => Object.assign(new Error(`status ${status}`), { status });

describe('fxref from the address', () => {
  it('reads the query of the landing page and of a hash route', () => {
    expect(fxrefFromUrl(`https://fx.test/play/sky-runner?fxref=${REF}&type=invite`)).toBe(REF);
    expect(fxrefFromUrl(`https://fx.test/#/play/sky-runner?type=invite&fxref=${REF}`)).toBe(REF);
  });

  it('ignores pages without one and values that are no referral id', () => {
    expect(fxrefFromUrl('https://fx.test/play/sky-runner')).toBeNull();
    expect(fxrefFromUrl('https://fx.test/?fxref=short')).toBeNull();
    expect(fxrefFromUrl('https://fx.test/?fxref=%3Cscript%3Ealert(1)%3C%2Fscript%3E12345')).toBeNull();
    expect(fxrefFromUrl(`https://fx.test/?fxref=${'a'.repeat(65)}`)).toBeNull();
  });
});

describe('keeping the fxref', () => {
  it('keeps the newest invite and leaves a kept one alone on pages without one', () => {
    const storage = memoryStorage();
    expect(captureFxref(`https://fx.test/play/a?fxref=${REF}`, storage)).toBe(REF);
    expect(captureFxref('https://fx.test/play/a', storage)).toBeNull();
    expect(pendingFxref(storage)).toBe(REF);
    const newer = `${REF}-2`;
    captureFxref(`https://fx.test/?fxref=${newer}`, storage);
    expect(pendingFxref(storage)).toBe(newer);
    forgetFxref(storage);
    expect(pendingFxref(storage)).toBeNull();
  });

  it('ignores a tampered stored value', () => {
    expect(pendingFxref(memoryStorage({ [FXREF_KEY]: 'bad value' }))).toBeNull();
  });

  it('survives blocked storage', () => {
    expect(captureFxref(`https://fx.test/?fxref=${REF}`, blocked)).toBe(REF);
    expect(pendingFxref(blocked)).toBeNull();
    expect(() => forgetFxref(blocked)).not.toThrow();
  });
});

describe('accepting the kept invite', () => {
  it('does nothing without a kept fxref', async () => {
    const accept = vi.fn();
    expect(await acceptPendingInvite(memoryStorage(), accept, quiet())).toBe('none');
    expect(accept).not.toHaveBeenCalled();
  });

  it('reports it once and forgets it', async () => {
    const storage = memoryStorage({ [FXREF_KEY]: REF });
    const accept = vi.fn(async () => ({ Success: true }));
    expect(await acceptPendingInvite(storage, accept, quiet())).toBe('accepted');
    expect(accept).toHaveBeenCalledWith(REF);
    expect(await acceptPendingInvite(storage, accept, quiet())).toBe('none');
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it.each([404, 409, 400])('logs and forgets a link the server refuses for good (%i)', async (status) => {
    const storage = memoryStorage({ [FXREF_KEY]: REF });
    const logger = quiet();
    expect(await acceptPendingInvite(storage, () => Promise.reject(problem(status)), logger)).toBe('dropped');
    expect(logger.warn).toHaveBeenCalled();
    expect(storage.items.has(FXREF_KEY)).toBe(false);
  });

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['an expired session', problem(401)],
    ['a rate limit', problem(429)],
    ['a server error', problem(500)],
  ])('keeps it after %s', async (_what, error) => {
    const storage = memoryStorage({ [FXREF_KEY]: REF });
    expect(await acceptPendingInvite(storage, () => Promise.reject(error), quiet())).toBe('kept');
    expect(pendingFxref(storage)).toBe(REF);
  });
});
