/** Query flags read once at start (spec §1). */
export interface StartupFlags {
  /** Error reporting switched off. */
  noSentry: boolean;
  /** The eruda on-page console. */
  eruda: boolean;
  /** The remotejs remote console; the value is its channel id. */
  remotejs: string | undefined;
  /** Every log line repeated through console.log. */
  duplicateLogs: boolean;
}

export function readStartupFlags(search: string): StartupFlags {
  const query = new URLSearchParams(search);
  return {
    noSentry: query.has('noSentry'),
    eruda: query.has('eruda'),
    remotejs: query.has('remotejs') ? query.get('remotejs') || 'fxid' : undefined,
    duplicateLogs: query.has('duplicateLogs'),
  };
}
