import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AnalyticsEventRow, pageOfEvents } from './analytics-repository.js';

const SLOT_COLUMNS = [
  ...Array.from({ length: 10 }, (_, i) => `i${i + 1}`),
  ...Array.from({ length: 10 }, (_, i) => `f${i + 1}`),
  ...Array.from({ length: 15 }, (_, i) => `s${i + 1}`),
  ...Array.from({ length: 4 }, (_, i) => `j${i + 1}`),
] as (keyof AnalyticsEventRow)[];

/** The CSV header: the event's own columns, then the slots in order. */
export const CSV_COLUMNS = [
  'id',
  'session_id',
  'account_id',
  'platform',
  'build_id',
  'event_id',
  'created_at',
  'server_created_at',
  ...SLOT_COLUMNS,
] as const;

/**
 * One CSV field (RFC 4180). Text a player's client sent that a spreadsheet would
 * read as a formula (=, +, -, @, tab, CR) gets a leading apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(row: AnalyticsEventRow): string {
  return CSV_COLUMNS.map((column) => {
    const value = row[column as keyof AnalyticsEventRow];
    if (column === 'created_at' || column === 'server_created_at') return new Date(Number(value)).toISOString();
    return csvField(value as string | number | null);
  }).join(',');
}

/** Writes every event (stored since `since`, if given) as CSV lines, a page at a time; returns the count. */
export async function exportEventsCsv(
  db: Kysely<Database>,
  write: (chunk: string) => Promise<void>,
  options: { since?: number; pageSize?: number } = {},
): Promise<number> {
  await write(`${CSV_COLUMNS.join(',')}\r\n`);
  let count = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await pageOfEvents(db, { afterId, since: options.since, limit: options.pageSize ?? 1000 });
    if (page.length === 0) return count;
    await write(page.map((row) => `${csvRow(row)}\r\n`).join(''));
    count += page.length;
    afterId = page.at(-1)?.id;
  }
}
