// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadTurnstile, TURNSTILE_SCRIPT_URL, type TurnstileApi } from './turnstile';

const scripts = () => document.querySelectorAll(`script[src="${TURNSTILE_SCRIPT_URL}"]`);

describe('loadTurnstile', () => {
  afterEach(() => {
    delete window.turnstile;
    for (const script of scripts()) script.remove();
  });

  it('adds the script once and resolves with the API when it loads', async () => {
    const first = loadTurnstile();
    const second = loadTurnstile();
    expect(scripts()).toHaveLength(1);
    const api = { render: () => 'w1', remove: () => undefined } satisfies TurnstileApi;
    window.turnstile = api;
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
    await expect(loadTurnstile()).resolves.toBe(api);
  });

  it('fails when the script cannot load, and tries again next time', async () => {
    const failed = loadTurnstile();
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('could not be loaded');
    expect(scripts()).toHaveLength(0);
    void loadTurnstile().catch(() => undefined);
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event('error'));
  });
});
