import { type RefObject, useEffect, useState } from 'react';
import type { Size } from '../lib/presentation';

/** The content size of an element, kept current as the window or layout changes. */
export function useElementSize(element: RefObject<HTMLElement | null>): Size | undefined {
  const [size, setSize] = useState<Size>();
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    // Set in the next frame: a render inside the observer's callback that resizes the element
    // would be observed again in the same frame (the browser's "ResizeObserver loop").
    let frame = 0;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setSize({ width, height }));
    });
    observer.observe(target);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [element]);
  return size;
}
