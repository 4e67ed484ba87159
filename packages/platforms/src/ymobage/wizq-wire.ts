/**
 * The WizQ host protocol as the game iframe speaks it (a proposed protocol: nothing about WizQ's
 * client is public; README.md): `{ type: 'wizq', id, method, params }` to the framing page at
 * its origin, answered `{ type: 'wizq-answer', id, result, error }`. Methods: `init`, `proxy`
 * (a request WizQ's gadget server relays to our proxy route), `payment` (WizQ's payment window
 * for a SecuredOrderId). The real client replaces this file.
 */
export interface WizqWire {
  call(method: 'init' | 'proxy' | 'payment', params: Record<string, unknown>): Promise<unknown>;
}

export function openWizqWire(host: Window, hostOrigin: string): WizqWire {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  window.addEventListener('message', (event) => {
    if (event.source !== host || event.origin !== hostOrigin) return;
    const message = event.data as { type?: unknown; id?: unknown; result?: unknown; error?: unknown } | null;
    if (message?.type !== 'wizq-answer' || typeof message.id !== 'number') return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(String(message.error)));
    else waiting.resolve(message.result);
  });
  return {
    call(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        host.postMessage({ type: 'wizq', id, method, params }, hostOrigin);
      });
    },
  };
}
