/**
 * The origin of the page framing this one, for adapters that talk to their host over
 * postMessage (Absolute Games, WizQ): Chromium names it in ancestorOrigins; the referrer otherwise.
 */
export function hostOriginOf(): string | undefined {
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}
