export interface DownloadDeps {
  fetch: typeof fetch;
  alert: (message: string) => void;
  open: (url: string, target: string) => unknown;
  document: Document;
}

/**
 * Saves an image under a file name. Cross-origin images without CORS cannot be
 * fetched: the player is told so, and the image opens in a new tab to save by hand.
 */
export async function downloadImage(
  url: string,
  fileName: string,
  cannotDownloadMessage: string,
  deps: DownloadDeps = { fetch: globalThis.fetch.bind(globalThis), alert, open: window.open.bind(window), document },
): Promise<boolean> {
  try {
    const response = await deps.fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const objectUrl = URL.createObjectURL(await response.blob());
    const link = deps.document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
    return true;
  } catch {
    deps.alert(cannotDownloadMessage);
    deps.open(url, '_blank');
    return false;
  }
}
