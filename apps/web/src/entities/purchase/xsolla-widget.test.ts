import { describe, expect, it, vi } from 'vitest';
import type { CheckoutEnd } from './purchase-flow';
import { openXsollaWidget, type XPayStationWidget } from './xsolla-widget';

/**
 * A stand-in for the page's one XPayStationWidget with the 1.2.9 event model: handlers
 * registered with `on` stay for good, `onMessage` works once the widget opened, and
 * `close` fires `close`. The real widget runs in the e2e spec against a Pay Station page.
 */
function fakeWidget() {
  const handlers = new Map<string, ((event: Event, data?: unknown) => void)[]>();
  const messages = new Map<string, ((event: Event) => void)[]>();
  const emit = (name: string, data?: unknown) => {
    for (const handler of handlers.get(name) ?? []) handler(new Event(name), data);
  };
  const widget: XPayStationWidget & { emit: typeof emit; post(command: string): void } = {
    init: vi.fn(),
    open: vi.fn(() => emit('open')),
    close: vi.fn(() => emit('close')),
    on: (name, handler) => handlers.set(name, [...(handlers.get(name) ?? []), handler]),
    onMessage: (command, handler) => messages.set(command, [...(messages.get(command) ?? []), handler]),
    emit,
    post: (command) => {
      for (const handler of messages.get(command) ?? []) handler(new Event(command));
    },
  };
  return widget;
}

const URL_OF_TOKEN = 'https://sandbox-secure.xsolla.com/paystation4/?token=t';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Xsolla's embed widget as a checkout", () => {
  it('opens Pay Station in the lightbox with the payment url and reports completed after a done status', async () => {
    const widget = fakeWidget();
    const opened = openXsollaWidget(URL_OF_TOKEN, true, async () => widget);
    await flush();
    expect(widget.init).toHaveBeenCalledWith(
      expect.objectContaining({ payment_url: URL_OF_TOKEN, sandbox: true, iframeOnly: true }),
    );
    widget.emit('status', { paymentInfo: { status: 'invoice' } });
    expect(widget.close).not.toHaveBeenCalled();
    widget.emit('status', { paymentInfo: { status: 'done', invoice: '1' } });
    expect(widget.close).toHaveBeenCalledOnce();
    expect(await opened.closed).toEqual({ kind: 'completed' } satisfies CheckoutEnd);
  });

  it("takes Pay Station's return command as success too, and a close without either as dismissed", async () => {
    const first = fakeWidget();
    const returned = openXsollaWidget(URL_OF_TOKEN, false, async () => first);
    await flush();
    first.post('return');
    expect(await returned.closed).toEqual({ kind: 'completed' });

    const second = fakeWidget();
    const dismissed = openXsollaWidget(URL_OF_TOKEN, false, async () => second);
    await flush();
    second.emit('status', { paymentInfo: { status: 'troubled' } });
    second.close();
    expect(await dismissed.closed).toEqual({ kind: 'dismissed' });
  });

  it("ignores an earlier checkout's handlers on the shared widget", async () => {
    const widget = fakeWidget();
    const earlier = openXsollaWidget(URL_OF_TOKEN, false, async () => widget);
    await flush();
    widget.close();
    expect(await earlier.closed).toEqual({ kind: 'dismissed' });
    const later = openXsollaWidget(URL_OF_TOKEN, false, async () => widget);
    await flush();
    widget.close();
    expect(await later.closed).toEqual({ kind: 'dismissed' });
  });

  it("fails with 'No Xsolla widget in window!' when the widget cannot be loaded", async () => {
    const opened = openXsollaWidget(URL_OF_TOKEN, false, async () => {
      throw new Error('No Xsolla widget in window!');
    });
    const end = await opened.closed;
    expect(end.kind).toBe('failed');
    expect(end.kind === 'failed' && (end.error as Error).message).toBe('No Xsolla widget in window!');
  });
});
