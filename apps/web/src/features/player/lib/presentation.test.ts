import { describe, expect, it } from 'vitest';
import { fitGameArea, presentationFor, wrongOrientationQuery } from './presentation';

describe('fitting the game area', () => {
  it('fills the space when the game sets no limits', () => {
    expect(fitGameArea({ width: 1280, height: 720 }, undefined)).toEqual({ width: 1280, height: 720 });
  });

  it('narrows a space wider than the largest ratio', () => {
    expect(fitGameArea({ width: 2400, height: 800 }, { MaxRatio: 2 })).toEqual({ width: 1600, height: 800 });
  });

  it('lowers a space taller than the smallest ratio allows', () => {
    expect(fitGameArea({ width: 390, height: 844 }, { MinRatio: 1.33 })).toEqual({ width: 390, height: 293 });
  });

  it('keeps within the maximum size, then the ratio', () => {
    const area = fitGameArea(
      { width: 2560, height: 1440 },
      { MaxSize: { Width: 1920, Height: 1080 }, MinRatio: 1.5, MaxRatio: 1.6 },
    );
    expect(area).toEqual({ width: 1728, height: 1080 });
  });

  it('never goes below the minimum size', () => {
    expect(fitGameArea({ width: 300, height: 200 }, { MinSize: { Width: 480, Height: 320 } })).toEqual({
      width: 480,
      height: 320,
    });
  });
});

describe('device variants', () => {
  const game = { Presentation: { MaxRatio: 2 }, MobilePresentation: { MaxRatio: 0.7 } };

  it('uses the mobile presentation on phones and the main one elsewhere', () => {
    expect(presentationFor(game, true)).toEqual({ MaxRatio: 0.7 });
    expect(presentationFor(game, false)).toEqual({ MaxRatio: 2 });
    expect(presentationFor({ Presentation: { MaxRatio: 2 } }, true)).toEqual({ MaxRatio: 2 });
  });

  it('asks to turn the device only while the screen shows the other orientation from the game', () => {
    // A media query (the browser's own orientation: portrait when the height is at least the width).
    expect(wrongOrientationQuery('Horizontal')).toBe('(orientation: portrait)');
    expect(wrongOrientationQuery('Vertical')).toBe('(orientation: landscape)');
    expect(wrongOrientationQuery('Unspecified')).toBeUndefined();
  });
});
