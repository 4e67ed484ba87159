import { describe, expect, it, vi } from 'vitest';
import type { AuthEvent } from '../../../shared/lib/auth-events';
import { createSessionSync } from './session-sync';

function setup(initialToken: string | null, accounts: Record<string, string>) {
  const events: AuthEvent[] = [];
  const deps = {
    resetQueries: vi.fn(),
    fetchAccountId: vi.fn(async (token: string) => {
      const id = accounts[token];
      if (!id) throw new Error('401');
      return id;
    }),
    emit: (event: AuthEvent) => events.push(event),
    onError: vi.fn(),
  };
  return { sync: createSessionSync(initialToken, deps), deps, events };
}

describe('session sync', () => {
  it('raises account-changed and user-info-changed after a first sign-in, wiping the cache', async () => {
    const { sync, deps, events } = setup(null, { t1: 'a1' });
    await sync.tokenChanged('t1');
    expect(deps.resetQueries).toHaveBeenCalledWith('t1');
    expect(events).toEqual([
      { type: 'account-changed', previousAccountId: null, accountId: 'a1' },
      { type: 'user-info-changed', accountId: 'a1' },
    ]);
  });

  it('raises only user-info-changed when the same account signs in again', async () => {
    const { sync, events } = setup('t1', { t1: 'a1', t2: 'a1' });
    sync.accountLoaded('t1', 'a1');
    await sync.tokenChanged('t2');
    expect(events).toEqual([{ type: 'user-info-changed', accountId: 'a1' }]);
  });

  it('names the old and new account when another account signs in', async () => {
    const { sync, events } = setup('t1', { t1: 'a1', t2: 'a2' });
    sync.accountLoaded('t1', 'a1');
    await sync.tokenChanged('t2');
    expect(events[0]).toEqual({ type: 'account-changed', previousAccountId: 'a1', accountId: 'a2' });
  });

  it('raises account-changed to nobody on sign-out, and nothing when nothing changed', async () => {
    const { sync, deps, events } = setup('t1', { t1: 'a1' });
    sync.accountLoaded('t1', 'a1');
    await sync.tokenChanged('t1');
    expect(deps.resetQueries).not.toHaveBeenCalled();
    await sync.tokenChanged(null);
    expect(deps.resetQueries).toHaveBeenCalledWith(null);
    expect(events).toEqual([{ type: 'account-changed', previousAccountId: 'a1', accountId: null }]);
  });

  it('ignores accounts loaded for an older token and sign-ins overtaken by newer ones', async () => {
    const { sync, events } = setup(null, { t1: 'a1', t2: 'a2' });
    sync.accountLoaded('stale', 'zz');
    const first = sync.tokenChanged('t1');
    const second = sync.tokenChanged('t2');
    await Promise.all([first, second]);
    expect(events).toEqual([
      { type: 'account-changed', previousAccountId: null, accountId: 'a2' },
      { type: 'user-info-changed', accountId: 'a2' },
    ]);
  });

  it('reports a token whose account cannot be loaded', async () => {
    const { sync, deps, events } = setup(null, {});
    await sync.tokenChanged('revoked');
    expect(deps.onError).toHaveBeenCalled();
    expect(events).toEqual([]);
  });
});
