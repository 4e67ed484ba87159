import { describe, expect, it } from 'vitest';
import {
  ADAPTER_NAMES,
  ADAPTER_PLATFORM,
  adapterForPlatform,
  PLATFORM_NAMES,
  Platform,
  PlatformInputSchema,
} from './platform.js';

describe('Platform', () => {
  it('keeps the numeric values of the spec', () => {
    expect(Platform).toMatchObject({ Unspecified: -1, FxId: 0, YandexGames: 4, Steam: 13, FacebookInstantGames: 14 });
    expect(new Set(Object.values(Platform)).size).toBe(PLATFORM_NAMES.length);
  });

  it('accepts a platform by name, by number and by number as text', () => {
    expect(PlatformInputSchema.parse('CrazyGames')).toBe('CrazyGames');
    expect(PlatformInputSchema.parse(8)).toBe('CrazyGames');
    expect(PlatformInputSchema.parse('8')).toBe('CrazyGames');
    expect(PlatformInputSchema.parse(-1)).toBe('Unspecified');
  });

  it('refuses unknown platforms', () => {
    expect(PlatformInputSchema.safeParse(15).success).toBe(false);
    expect(PlatformInputSchema.safeParse('Myspace').success).toBe(false);
    expect(PlatformInputSchema.safeParse(2.5).success).toBe(false);
  });

  it('maps every adapter to a distinct platform and back', () => {
    expect(ADAPTER_NAMES).toHaveLength(15);
    for (const adapter of ADAPTER_NAMES) expect(adapterForPlatform(ADAPTER_PLATFORM[adapter])).toBe(adapter);
    expect(adapterForPlatform('WizQ')).toBe('ymobage');
    expect(adapterForPlatform('Unspecified')).toBeUndefined();
  });
});
