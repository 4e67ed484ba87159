import { describe, expect, it } from 'vitest';
import { provideSignIn, requestSignIn } from './sign-in-request';

describe('sign-in requests', () => {
  it('wait for the opener when asked before the shell has provided it, then run once', async () => {
    let opened = 0;
    const answer = requestSignIn();
    const withdraw = provideSignIn(async () => {
      opened += 1;
      return true;
    });
    await expect(answer).resolves.toBe(true);
    expect(opened).toBe(1);
    await expect(requestSignIn()).resolves.toBe(true);
    expect(opened).toBe(2);
    withdraw();
  });

  it('go to the opener provided last; a withdrawn one is not called', async () => {
    const withdrawFirst = provideSignIn(async () => true);
    const withdrawSecond = provideSignIn(async () => false);
    withdrawFirst();
    await expect(requestSignIn()).resolves.toBe(false);
    withdrawSecond();
  });
});
