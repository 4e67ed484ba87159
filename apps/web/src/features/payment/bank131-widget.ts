/**
 * The bank's card widget (Bank131 / Smart Glocal), as far as the form uses it: the card number
 * goes from the page straight to the bank, which answers with a card token fxid pays with.
 * The bank publishes the widget only as a script whose address the operator configures
 * (BANK131_WIDGET_URL; its real loader is not public, platform-protocols.md §14 item 11), so it
 * is loaded from there, with the first card payment only.
 */
export interface Bank131CardWidget {
  tokenize(options: { publicToken: string; number: string }): Promise<string>;
}

declare global {
  interface Window {
    Bank131CardWidget?: Bank131CardWidget;
  }
}

export async function loadBank131Widget(scriptUrl: string): Promise<Bank131CardWidget> {
  if (!window.Bank131CardWidget) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error("The bank's card widget could not be loaded"));
      document.head.append(script);
    });
  }
  const widget = window.Bank131CardWidget;
  if (!widget) throw new Error("The bank's card widget could not be loaded");
  return widget;
}
