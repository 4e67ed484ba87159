import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

describe('Range header', () => {
  it('reads one range, open or closed, and a suffix', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('sends the whole file for no header, other units, several ranges or a backwards one', () => {
    for (const header of [undefined, 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=10-5', 'bytes=a-b']) {
      expect(parseByteRange(header, 1000), String(header)).toBeUndefined();
    }
  });

  it('calls a range past the end unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
