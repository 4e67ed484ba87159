import { useEffect, useState } from 'react';

/** How long a busy page waits, by default, for an idle moment before it does the deferred work anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the browser first has an idle moment after mount (requestIdleCallback; a short
 * timer where it is missing): for work off screen at start, so that it runs after the first
 * paint's tasks rather than lengthening them. With `after` false the wait has not begun (the
 * screen that must paint first is not rendered yet); once true, it stays true. `timeoutMs`
 * bounds the wait on a page that stays busy.
 */
export function useIdle(after = true, timeoutMs = IDLE_TIMEOUT_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!after) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 1);
    return () => window.clearTimeout(timer);
  }, [after, timeoutMs]);
  return idle;
}
