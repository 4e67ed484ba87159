/**
 * Limits of cloud saves (POST /storage/*), shared by the server, which enforces them, and the
 * portal, which applies the same ones to a guest's values kept in the browser. Free of zod so
 * the player page takes them from here (`@fxid/contract/storage-limits`).
 */
export const STORAGE_LIMITS = {
  /** A key: 1–64 characters of letters, digits, `_`, `-`, `.` and `:`. */
  keyPattern: /^[\w.:-]{1,64}$/,
  /** The most bytes one value may take, as UTF-8 JSON. */
  valueBytes: 16 * 1024,
  /** The most bytes a player's values in one game may take together (keys and values as UTF-8 JSON). */
  totalBytes: 256 * 1024,
  /** The most keys one get, set or delete names. */
  keysPerRequest: 50,
} as const;

/** Length of a text in UTF-8 bytes (no TextEncoder: this package runs without DOM or Node types). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Bytes a stored value takes: its JSON text in UTF-8. */
export function storageValueBytes(value: unknown): number {
  return utf8Bytes(JSON.stringify(value));
}

/** Bytes a key and its value count against the per-game total. */
export function storageEntryBytes(key: string, value: unknown): number {
  return utf8Bytes(key) + storageValueBytes(value);
}
