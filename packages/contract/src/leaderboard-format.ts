/**
 * How a leaderboard shows a score, shared by the server (fxid's boards) and the player page (a host
 * platform's boards, shown in the same format). Free of zod so the player page takes it from here
 * (`@fxid/contract/leaderboard-format`).
 */

/** The catalog's board fields the format needs. */
export interface ScoreFormatOptions {
  ScoreFormat: 'Number' | 'Time';
  Decimals: number;
}

const two = (value: number) => String(value).padStart(2, '0');

/** The score as the board shows it: 1234 with 2 decimals is "12.34"; 62500 ms is "1:02.50". */
export function formatScore(board: ScoreFormatOptions, score: number): string {
  const sign = score < 0 ? '-' : '';
  const magnitude = Math.abs(score);
  if (board.ScoreFormat === 'Time') {
    const hours = Math.floor(magnitude / 3_600_000);
    const minutes = Math.floor(magnitude / 60_000) % 60;
    const seconds = Math.floor(magnitude / 1000) % 60;
    const hundredths = Math.floor((magnitude % 1000) / 10);
    const clock = hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
    return `${sign}${clock}.${two(hundredths)}`;
  }
  if (board.Decimals === 0) return `${sign}${magnitude}`;
  const digits = String(magnitude).padStart(board.Decimals + 1, '0');
  return `${sign}${digits.slice(0, -board.Decimals)}.${digits.slice(-board.Decimals)}`;
}
