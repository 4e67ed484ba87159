import { describe, expect, it } from 'vitest';
import { periodEnd, periodStart, previousPeriodStart } from './leaderboard-periods.js';
import { formatScore } from './leaderboards-presenter.js';

describe('score formats', () => {
  it('shows numbers with their decimals and times as clocks', () => {
    expect(formatScore({ ScoreFormat: 'Number', Decimals: 0 }, 1234)).toBe('1234');
    expect(formatScore({ ScoreFormat: 'Number', Decimals: 2 }, 1234)).toBe('12.34');
    expect(formatScore({ ScoreFormat: 'Number', Decimals: 2 }, 5)).toBe('0.05');
    expect(formatScore({ ScoreFormat: 'Number', Decimals: 1 }, -15)).toBe('-1.5');
    expect(formatScore({ ScoreFormat: 'Time', Decimals: 0 }, 62_500)).toBe('1:02.50');
    expect(formatScore({ ScoreFormat: 'Time', Decimals: 0 }, 3_723_456)).toBe('1:02:03.45');
  });
});

describe('periods (UTC)', () => {
  const at = Date.UTC(2026, 10, 25, 17, 30); // a Wednesday
  it('start at midnight, or on Monday, and never for a board without resets', () => {
    expect(periodStart('None', at)).toBe(0);
    expect(periodEnd('None', 0)).toBeNull();
    expect(periodStart('Daily', at)).toBe(Date.UTC(2026, 10, 25));
    expect(periodStart('Weekly', at)).toBe(Date.UTC(2026, 10, 23));
    expect(periodEnd('Weekly', Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 30));
    expect(periodStart('Weekly', Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 23));
    expect(periodStart('Weekly', Date.UTC(2026, 10, 22, 23, 59))).toBe(Date.UTC(2026, 10, 16));
    expect(previousPeriodStart('Daily', at)).toBe(Date.UTC(2026, 10, 24));
    expect(previousPeriodStart('Weekly', at)).toBe(Date.UTC(2026, 10, 16));
  });
});
