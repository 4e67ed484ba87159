import { readPageConfig } from '../../shared/config/page-config';

/**
 * YooKassa's confirmation widget (`window.YooMoneyCheckoutWidget`, checkout-widget v1), as far as
 * the checkout uses it. YooKassa publishes it only as a script on its own origin (no npm
 * package), so it is loaded from there, with the first YooKassa checkout only; the page's CSP
 * allows that origin while YooKassa is configured.
 */
export interface YookassaWidget {
  on(event: 'success' | 'fail' | 'complete', handler: () => void): void;
  /** Renders into the element with this id. */
  render(elementId: string): Promise<void>;
  destroy(): void;
}

export type YookassaWidgetConstructor = new (options: {
  confirmation_token: string;
  error_callback(error: unknown): void;
}) => YookassaWidget;

declare global {
  interface Window {
    YooMoneyCheckoutWidget?: YookassaWidgetConstructor;
  }
}

export const YOOKASSA_WIDGET_URL = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';

/**
 * `src`: YooKassa's script, or the development fake's stand-in of it when the page
 * configuration names one (YookassaWidgetUrl, while YooKassa runs offline).
 */
export async function loadYookassaWidget(
  src: string = readPageConfig().YookassaWidgetUrl ?? YOOKASSA_WIDGET_URL,
): Promise<YookassaWidgetConstructor> {
  if (!window.YooMoneyCheckoutWidget) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('The YooKassa widget could not be loaded'));
      document.head.append(script);
    });
  }
  const widget = window.YooMoneyCheckoutWidget;
  if (!widget) throw new Error('The YooKassa widget could not be loaded');
  return widget;
}
