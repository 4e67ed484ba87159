/** One line of the visible log; the `line` text is stable so end-to-end tests can match it. */
export interface LogEntry {
  kind: 'init' | 'call' | 'event';
  /** Method or event name; empty for init. */
  name: string;
  status?: 'ok' | 'error';
  /** Error code for failures. */
  code?: string;
}

/** `call getInfo ok`, `call ads.showVideo error not_available`, `event pause`, `init error timeout`. */
export function formatLine(entry: LogEntry): string {
  const parts: string[] = [entry.kind];
  if (entry.name) parts.push(entry.name);
  if (entry.status) parts.push(entry.status);
  if (entry.status === 'error') parts.push(entry.code ?? 'unknown');
  return parts.join(' ');
}

/** Keys whose values must never reach the screen (tokens are credentials). */
const SECRET_KEYS = /token$/i;

/** A short, secret-free summary of a value for the log's detail column. */
export function summarize(value: unknown, limit = 140): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value, (key, inner: unknown) => (SECRET_KEYS.test(key) && inner ? '«hidden»' : inner));
  if (text === undefined) return '';
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
