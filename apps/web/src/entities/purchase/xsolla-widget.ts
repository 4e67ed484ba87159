import { purchaseMessages } from './purchase-error';
import type { CheckoutEnd, CheckoutWindow } from './purchase-flow';
// Only the script's address: this module itself loads with the first Xsolla checkout.
import widgetSrc from './vendor/xsolla-paystation-widget-1.2.9.min.js?url';

/** The part of Xsolla's Pay Station embed widget 1.2.9 (`window.XPayStationWidget`) the checkout uses. */
export interface XPayStationWidget {
  init(options: {
    payment_url: string;
    sandbox: boolean;
    iframeOnly: boolean;
    lightbox?: { closeByClick?: boolean; closeByKeyboard?: boolean; zIndex?: number };
  }): void;
  open(): void;
  close(): void;
  on(event: string, handler: (event: Event, data?: unknown) => void): void;
  /** Commands Pay Station posts to the page; available once the widget opened. */
  onMessage(command: string, handler: (event: Event) => void): void;
}

declare global {
  interface Window {
    XPayStationWidget?: XPayStationWidget;
  }
}

/**
 * The widget, from the portal's own copy of Xsolla's script (vendor/README.md): loaded with
 * the first Xsolla checkout only, from the portal's origin, never from a CDN.
 */
export async function loadXsollaWidget(): Promise<XPayStationWidget> {
  if (!window.XPayStationWidget) {
    await new Promise<void>((resolve) => {
      const script = document.createElement('script');
      script.src = widgetSrc;
      // A script that did not load leaves no widget, which is reported below.
      script.onload = () => resolve();
      script.onerror = () => resolve();
      document.head.append(script);
    });
  }
  const widget = window.XPayStationWidget;
  if (!widget) throw new Error(purchaseMessages.noXsollaWidget);
  return widget;
}

/** The status Pay Station reports with a `status` event (`paymentInfo.status`). */
function paymentStatusOf(data: unknown): unknown {
  return (data as { paymentInfo?: { status?: unknown } } | undefined)?.paymentInfo?.status;
}

let openCount = 0;

/**
 * Pay Station in the widget's lightbox (spec store §4, own platform card widget): a `return`
 * command, or a `status` event whose paymentInfo.status is `done`, marks the payment
 * successful and closes the widget; closing then reports `completed`, else `dismissed`.
 * The lightbox, never the widget's popup: the portal often runs in a platform's iframe,
 * where a popup opened after the payment was created is blocked.
 */
export function openXsollaWidget(
  paymentUrl: string,
  sandbox: boolean,
  load: () => Promise<XPayStationWidget> = loadXsollaWidget,
): CheckoutWindow {
  // The widget is one object for the page and its handlers cannot be removed (its `off` misses
  // the wrappers `on` registers): each checkout's handlers act only while it is the open one.
  const checkout = ++openCount;
  const current = () => checkout === openCount;
  let widget: XPayStationWidget | undefined;
  let succeeded = false;
  let settle: (end: CheckoutEnd) => void = () => {};
  const closed = new Promise<CheckoutEnd>((resolve) => {
    let settled = false;
    settle = (end) => {
      if (settled) return;
      settled = true;
      resolve(end);
    };
  });
  const succeed = () => {
    if (!current() || succeeded) return;
    succeeded = true;
    widget?.close();
  };
  load().then(
    (loaded) => {
      widget = loaded;
      loaded.init({ payment_url: paymentUrl, sandbox, iframeOnly: true });
      loaded.on('open', () => {
        if (current()) loaded.onMessage('return', succeed);
      });
      loaded.on('status', (_event, data) => {
        if (paymentStatusOf(data) === 'done') succeed();
      });
      loaded.on('close', () => {
        if (current()) settle(succeeded ? { kind: 'completed' } : { kind: 'dismissed' });
      });
      loaded.open();
    },
    (error: unknown) => settle({ kind: 'failed', error }),
  );
  return {
    closed,
    close: () => {
      if (current()) widget?.close();
    },
  };
}
