import type { LogPanel } from './log-panel.js';

/** A call's outcome: its value, or the SDK error code. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string; error: unknown };

/** Runs an SDK call and logs `call {name} ok` or `call {name} error {code}`. Never throws. */
export async function tracked<T>(log: LogPanel, name: string, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    const value = await run();
    log.add({ kind: 'call', name, status: 'ok' }, value);
    return { ok: true, value };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? 'unknown');
    const message = error instanceof Error ? error.message : String(error);
    log.add({ kind: 'call', name, status: 'error', code }, message);
    return { ok: false, code, message, error };
  }
}
