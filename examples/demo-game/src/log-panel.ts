import { h } from './dom.js';
import { formatLine, type LogEntry, summarize } from './log-line.js';

/** Lines kept on screen; older ones scroll away for good. */
const MAX_LINES = 200;

/** The visible log (`data-testid="log"`); each `<li>` starts with its stable line in a `<code>`. */
export interface LogPanel {
  readonly element: HTMLElement;
  add(entry: LogEntry, detail?: unknown): void;
}

export function createLogPanel(title: HTMLElement): LogPanel {
  const list = h('ol', { class: 'log', 'data-testid': 'log', 'aria-live': 'polite' });
  const element = h('section', { class: 'card log-card' }, title, list);
  return {
    element,
    add(entry, detail) {
      const line = formatLine(entry);
      const text = summarize(detail);
      const item = h(
        'li',
        { 'data-testid': 'log-entry', 'data-line': line, 'data-status': entry.status ?? 'event' },
        h('code', {}, line),
        text ? h('span', { class: 'detail' }, ` ${text}`) : null,
      );
      // Newest first, so the latest result is visible without scrolling on a phone.
      list.prepend(item);
      while (list.childElementCount > MAX_LINES) list.lastElementChild?.remove();
      console.info(`[demo-game] ${line}`, detail ?? '');
    },
  };
}
