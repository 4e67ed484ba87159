import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyFormat, minorDigits } from './currency-format';

describe('currency formats', () => {
  it('gives the same formatter for the same locale and currency, another for another', () => {
    expect(currencyFormat('de', 'EUR')).toBe(currencyFormat('de', 'EUR'));
    expect(currencyFormat('de', 'EUR')).not.toBe(currencyFormat('fr', 'EUR'));
    expect(currencyFormat('de', 'EUR')).not.toBe(currencyFormat('de', 'USD'));
    expect(currencyFormat('de', 'EUR').format(1.5)).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(1.5),
    );
  });

  it("reads a currency's minor digits, and 2 for a code Intl refuses", () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('not a currency')).toBe(2);
  });
});

describe('number data loaded off the main thread', () => {
  /** A fresh module (its formats and its flag start empty), with `Worker` as the page has it. */
  async function freshModule(worker: unknown) {
    vi.resetModules();
    vi.stubGlobal('Worker', worker);
    return import('./currency-format');
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function recordingWorker() {
    const started: Array<{ url: string; options: unknown; messages: unknown[] }> = [];
    class RecordingWorker {
      readonly messages: unknown[] = [];
      constructor(url: URL | string, options: unknown) {
        started.push({ url: String(url), options, messages: this.messages });
      }
      postMessage(message: unknown) {
        this.messages.push(message);
      }
    }
    return { started, RecordingWorker };
  }

  it('starts one module worker with the locale, once per page', async () => {
    const { started, RecordingWorker } = recordingWorker();
    const { loadNumberDataOffMainThread } = await freshModule(RecordingWorker);
    loadNumberDataOffMainThread('de');
    loadNumberDataOffMainThread('fr');
    expect(started).toHaveLength(1);
    expect(started[0]?.url).toMatch(/number-data\.worker\.ts/);
    expect(started[0]?.options).toEqual({ type: 'module' });
    expect(started[0]?.messages).toEqual(['de']);
  });

  it('starts none once the page has built a format: its data is loaded already', async () => {
    const { started, RecordingWorker } = recordingWorker();
    const { currencyFormat, loadNumberDataOffMainThread } = await freshModule(RecordingWorker);
    currencyFormat('en', 'USD');
    loadNumberDataOffMainThread('en');
    expect(started).toHaveLength(0);
  });

  it('leaves formatting as it was where workers are missing or refused', async () => {
    const missing = await freshModule(undefined);
    expect(() => missing.loadNumberDataOffMainThread('en')).not.toThrow();
    expect(missing.currencyFormat('en', 'USD').format(2)).toBe('$2.00');

    const refused = await freshModule(
      class {
        constructor() {
          throw new DOMException('worker-src', 'SecurityError');
        }
      },
    );
    expect(() => refused.loadNumberDataOffMainThread('en')).not.toThrow();
    expect(refused.currencyFormat('en', 'USD').format(2)).toBe('$2.00');
  });
});
