import type { LeaderboardDefinition } from '@fxid/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC start of the period holding `at`: its midnight, or its Monday's; 0 for a board that never resets. */
export function periodStart(reset: LeaderboardDefinition['ResetPeriod'], at: number): number {
  if (reset === 'None') return 0;
  const day = Math.floor(at / DAY_MS);
  if (reset === 'Daily') return day * DAY_MS;
  // 1970-01-01 was a Thursday: (day + 3) % 7 counts days since Monday.
  return (day - ((day + 3) % 7)) * DAY_MS;
}

/** When the period that starts at `start` ends; null for a board that never resets. */
export function periodEnd(reset: LeaderboardDefinition['ResetPeriod'], start: number): number | null {
  if (reset === 'None') return null;
  return start + (reset === 'Daily' ? DAY_MS : 7 * DAY_MS);
}

/** The period before the one holding `at` (the same one for a board that never resets). */
export function previousPeriodStart(reset: LeaderboardDefinition['ResetPeriod'], at: number): number {
  const current = periodStart(reset, at);
  return reset === 'None' ? current : periodStart(reset, current - 1);
}
