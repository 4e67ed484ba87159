/**
 * Prints a document alone, not the page under its modal: its (already sanitised) HTML
 * goes into a hidden frame of the portal's origin, which prints and then goes away.
 */
export function printHtml(html: string, title: string, host: Document = document): HTMLIFrameElement {
  const frame = host.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.dataset.testid = 'print-frame';
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;visibility:hidden';
  host.body.append(frame);
  const view = frame.contentWindow;
  const page = frame.contentDocument;
  if (!view || !page) {
    frame.remove();
    return frame;
  }
  page.title = title;
  page.documentElement.lang = host.documentElement.lang;
  page.body.innerHTML = html;
  const style = page.createElement('style');
  style.textContent = 'body{font:12pt/1.5 system-ui,sans-serif;margin:2cm;color:#000}img{max-width:100%}';
  page.head.append(style);
  view.addEventListener('afterprint', () => frame.remove(), { once: true });
  view.focus();
  view.print();
  return frame;
}
