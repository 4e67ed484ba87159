/**
 * The Absolute Games host protocol as the game iframe speaks it (platform-protocols.md §5):
 * `parent.postMessage({ type: 'agru-…', data })`, answered `{ type, data: [result, error] }`;
 * the host pushes `agru-optionsUpdates` with new signed iframe parameters. AG's own client,
 * `@agru/sdk`, is not on the npm registry and the literal type strings are not public: these
 * are our names for them, all in this one file, so that the real SDK or its strings replace
 * them here (README.md).
 */

export const AG_MESSAGES = {
  hello: 'agru-sayHello',
  authorize: 'agru-authorize',
  showPayment: 'agru-showPayment',
  showCampaign: 'agru-showCampaign',
  optionsUpdates: 'agru-optionsUpdates',
} as const;

export type AgMessageType = (typeof AG_MESSAGES)[keyof typeof AG_MESSAGES];

export interface AgWire {
  /** Sends one message and resolves with the first answer `accept` takes ([result, error]). */
  call(type: AgMessageType, data: unknown, accept?: (result: unknown) => boolean): Promise<[unknown, unknown]>;
  /** Every push of new signed iframe parameters. */
  onOptionsUpdate(listener: (options: Record<string, string>) => void): void;
}

/**
 * The wire to the host framing this page: only messages from `window.parent` at `hostOrigin`
 * are read, and ours go to that origin alone (never '*').
 */
export function openAgWire(host: Window, hostOrigin: string): AgWire {
  const waiting = new Map<
    string,
    { accept: (result: unknown) => boolean; resolve: (answer: [unknown, unknown]) => void }[]
  >();
  const optionListeners = new Set<(options: Record<string, string>) => void>();
  window.addEventListener('message', (event) => {
    if (event.source !== host || event.origin !== hostOrigin) return;
    const message = event.data as { type?: unknown; data?: unknown } | null;
    if (typeof message?.type !== 'string' || !Array.isArray(message.data)) return;
    const [result, error] = message.data as [unknown, unknown];
    if (message.type === AG_MESSAGES.optionsUpdates) {
      if (result && typeof result === 'object') {
        const options = Object.fromEntries(Object.entries(result).map(([key, value]) => [key, String(value)]));
        for (const listener of optionListeners) listener(options);
      }
      return;
    }
    const queue = waiting.get(message.type) ?? [];
    const index = queue.findIndex((entry) => error || entry.accept(result));
    if (index < 0) return;
    const [entry] = queue.splice(index, 1);
    entry?.resolve([result, error]);
  });
  return {
    call(type, data, accept = () => true) {
      return new Promise((resolve) => {
        waiting.set(type, [...(waiting.get(type) ?? []), { accept, resolve }]);
        host.postMessage({ type, data }, hostOrigin);
      });
    },
    onOptionsUpdate: (listener) => {
      optionListeners.add(listener);
    },
  };
}
