import { useEffect, useState } from 'react';

/**
 * The height that takes `element` from where it starts down to the bottom of the viewport:
 * the game gets all the room the page leaves it, with nothing of it below the fold. Measured,
 * not assumed: the site header, a notice above the player or an embedding without a header
 * each leave a different room. Undefined until measured.
 */
export function useViewportFill(element: HTMLElement | null): string | undefined {
  const [top, setTop] = useState<number>();
  useEffect(() => {
    if (!element) return;
    const measure = () => setTop(Math.max(0, Math.round(element.getBoundingClientRect().top + window.scrollY)));
    measure();
    // What is above the player changes the page's height, and the window its own. The new
    // height is set in the next frame: set inside the observer's callback, the layout it
    // changes would be observed again in the same frame (the browser's "ResizeObserver loop").
    let frame = 0;
    const measureNextFrame = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    const observer = new ResizeObserver(measureNextFrame);
    observer.observe(document.body);
    window.addEventListener('resize', measureNextFrame);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', measureNextFrame);
    };
  }, [element]);
  return top === undefined ? undefined : `calc(100dvh - ${top}px)`;
}
