import { describe, expect, it } from 'vitest';
import { regionApplies } from './document-regions.js';

describe('regionApplies', () => {
  it('binds everyone to All and only known residents to regional documents', () => {
    expect(regionApplies('All', null)).toBe(true);
    expect(regionApplies('RussianPI', 'RU')).toBe(true);
    expect(regionApplies('RussianPI', 'ru')).toBe(true);
    expect(regionApplies('RussianPI', 'DE')).toBe(false);
    expect(regionApplies('GRPD', 'DE')).toBe(true);
    expect(regionApplies('GRPD', 'NO')).toBe(true);
    expect(regionApplies('GRPD', 'US')).toBe(false);
    expect(regionApplies('CCPA', 'US')).toBe(true);
    for (const region of ['RussianPI', 'GRPD', 'CCPA']) expect(regionApplies(region, null)).toBe(false);
    expect(regionApplies('Mars', 'US')).toBe(false);
  });
});
