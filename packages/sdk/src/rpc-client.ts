import { SdkError } from './errors.js';
import { isEvent, isResponse, type RequestMessage } from './protocol.js';

/** The game's end of the private port: numbered requests, their answers, and events. */
export interface RpcClient {
  /** Sends a request; `timeoutMs` ≤ 0 or Infinity waits forever. */
  request(method: string, params: unknown, timeoutMs: number): Promise<unknown>;
  /** Rejects everything pending with `disposed` and closes the port. */
  close(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: SdkError): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Wraps a MessagePort handed over by the portal; `onEvent` gets every portal event. */
export function createRpcClient(port: MessagePort, onEvent: (event: string, payload: unknown) => void): RpcClient {
  const pending = new Map<number, Pending>();
  let nextId = 1;

  port.onmessage = (message: MessageEvent) => {
    const data: unknown = message.data;
    if (isResponse(data)) {
      const entry = pending.get(data.id);
      // A late answer to a request that already timed out is dropped.
      if (!entry) return;
      pending.delete(data.id);
      clearTimeout(entry.timer);
      if ('error' in data)
        entry.reject(new SdkError(String(data.error.code), String(data.error.message), data.error.data));
      else entry.resolve(data.result);
    } else if (isEvent(data)) {
      onEvent(data.event, data.payload);
    }
  };

  return {
    request(method, params, timeoutMs) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const timer =
          timeoutMs > 0 && timeoutMs < Number.POSITIVE_INFINITY
            ? setTimeout(() => {
                pending.delete(id);
                reject(new SdkError('timeout', `${method} got no answer within ${timeoutMs} ms`));
              }, timeoutMs)
            : undefined;
        pending.set(id, { resolve, reject, timer });
        const message: RequestMessage = { id, method, params };
        try {
          port.postMessage(message);
        } catch (error) {
          // Params that cannot be structured-cloned (functions, DOM nodes) fail here, synchronously.
          pending.delete(id);
          clearTimeout(timer);
          reject(new SdkError('invalid_request', `${method}: ${(error as Error).message}`));
        }
      });
    },
    close() {
      port.onmessage = null;
      port.close();
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(new SdkError('disposed', 'The SDK was disposed'));
      }
      pending.clear();
    },
  };
}
