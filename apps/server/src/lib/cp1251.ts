/**
 * Windows-1251 (cp1251), the encoding Money.Mail.Ru signs and reads its forms in
 * (platform-protocols.md §7b). Decoding is the platform's WHATWG decoder; encoding is its
 * inverse, built from that decoder's own table rather than written out by hand.
 */
const decoder = new TextDecoder('windows-1251');

const ENCODE = new Map<string, number>(
  Array.from({ length: 256 }, (_, byte) => [decoder.decode(Uint8Array.of(byte)), byte] as const).filter(
    ([char]) => char !== '\uFFFD',
  ),
);

/** Whether every character of `text` has a cp1251 byte. */
export function fitsCp1251(text: string): boolean {
  for (const char of text) if (!ENCODE.has(char)) return false;
  return true;
}

/** `text` as cp1251 bytes; a character cp1251 lacks becomes `?` (use fitsCp1251 first where that matters). */
export function encodeCp1251(text: string): Buffer {
  return Buffer.from(Array.from(text, (char) => ENCODE.get(char) ?? 0x3f));
}

export function decodeCp1251(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Percent-encodes `text` as cp1251 bytes, as a form posted from a windows-1251 page sends it. */
export function percentEncodeCp1251(text: string): string {
  let out = '';
  for (const byte of encodeCp1251(text)) {
    const char = String.fromCharCode(byte);
    out +=
      /[A-Za-z0-9*\-._]/.test(char) && byte < 0x80
        ? char
        : byte === 0x20
          ? '+'
          : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Decodes a form body or query whose `%xx` are cp1251 bytes (the inverse of percentEncodeCp1251). */
export function formPairsCp1251(text: string): [string, string][] {
  const decode = (part: string) => {
    const bytes: number[] = [];
    const plain = part.replace(/\+/g, ' ');
    for (let i = 0; i < plain.length; i++) {
      const hex = plain.slice(i + 1, i + 3);
      if (plain[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...encodeCp1251(plain[i] ?? ''));
    }
    return decodeCp1251(Uint8Array.from(bytes));
  };
  return text
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    });
}
