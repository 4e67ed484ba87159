/** True on macOS and iOS, where the copy shortcut is Cmd+C rather than Ctrl+C. */
export function isApplePlatform(nav: Navigator = navigator): boolean {
  const hinted = (nav as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform;
  return /mac|iphone|ipad|ipod/i.test(hinted || nav.platform || nav.userAgent);
}

/** True when the portal runs inside another page (a publishing platform or an iframe). */
export function isEmbedded(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent refuses the comparison: that is an embedding too.
    return true;
  }
}
