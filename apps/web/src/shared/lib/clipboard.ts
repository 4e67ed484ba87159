/** How long "Copied" stays on a button after a successful copy (spec §9). */
export const COPY_FEEDBACK_MS = 1500;

export interface ClipboardResult {
  savedToClipboard: boolean;
}

/** Writes text to the clipboard; never throws (permission may be denied or the API missing). */
export async function writeToClipboard(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<ClipboardResult> {
  if (!clipboard) return { savedToClipboard: false };
  try {
    await clipboard.writeText(text);
    return { savedToClipboard: true };
  } catch {
    return { savedToClipboard: false };
  }
}
