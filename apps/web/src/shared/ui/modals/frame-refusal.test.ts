// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_CHECK_DELAYS_MS, frameLooksRefused } from './frame-refusal';

afterEach(() => {
  document.body.innerHTML = '';
});

function frame(src: string): HTMLIFrameElement {
  const element = document.createElement('iframe');
  element.src = src;
  document.body.append(element);
  return element;
}

describe('frame refusal checks', () => {
  it('run 2 s after the frame is shown and again 3 s later', () => {
    expect(FRAME_CHECK_DELAYS_MS).toEqual([2_000, 3_000]);
  });

  it('count a frame that never loaded only at the last check', () => {
    const element = frame('https://docs.example/terms');
    expect(frameLooksRefused(element, false, false)).toBe(false);
    expect(frameLooksRefused(element, false, true)).toBe(true);
  });

  it('see an empty or unreadable page of the portal’s own origin as refused', () => {
    const element = frame('/docs/terms');
    expect(frameLooksRefused(element, true, false)).toBe(true);
    const page = element.contentDocument as Document;
    page.replaceChildren();
    const root = page.createElement('html');
    root.innerHTML = '<head></head><body><main>Terms</main></body>';
    page.append(root);
    expect(frameLooksRefused(element, true, false)).toBe(false);
  });

  it('cannot look into a loaded page of another origin, and keeps it', () => {
    expect(frameLooksRefused(frame('https://docs.example/terms'), true, true)).toBe(false);
  });
});
