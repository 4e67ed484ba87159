import { useEffect, useRef } from 'react';

/**
 * Rendered inside a modal: reports when the modal leaves the stack, however it was
 * closed (its button, Escape, the overlay, or the code that opened it).
 */
export function ClosedWatcher({ onGone }: { onGone: () => void }) {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // StrictMode unmounts and remounts at once; only a removal that lasts counts.
      setTimeout(() => !mounted.current && onGone(), 0);
    };
  }, [onGone]);
  return null;
}
