import { describe, expect, it } from 'vitest';
import { SqliteDatabase as Database } from '../../apps/server/src/db/sqlite-driver';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';

// The demo game calls stat.initialize as it connects; the portal batches that into
// POST /analytics/track, on a timer or when the page goes away (fetch keepalive). Its
// own server, so the test can read the analytics_events table behind the API.

/** The portal's event id for stat.initialize (apps/web/src/features/player/analytics/stat-events.ts). */
const STAT_INITIALIZE = 781965163;

const server = ownServer();

const session = browserSession(() => server.url);

interface Row {
  session_id: string;
  account_id: string | null;
  platform: number;
  build_id: string;
  event_id: number;
  created_at: number;
  s1: string | null;
  i1: number | null;
}

function rows(): Row[] {
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    return db.prepare('select * from analytics_events order by server_created_at').all() as Row[];
  } finally {
    db.close();
  }
}

/** Waits until the table holds more than `known` rows. */
async function newRows(known: number, timeoutMs = 15_000): Promise<Row[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = rows();
    if (all.length > known) return all.slice(known);
    if (Date.now() > deadline) throw new Error(`no analytics rows arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the portal tracks the SDK stat methods', () => {
  it("a guest's stat.initialize arrives after the batch time", async () => {
    const known = rows().length;
    const started = Date.now();
    const { page } = await session.tab();
    await page.goto('play/sky-runner');
    await logLine(gameFrame(page), 'call stat.initialize ok').waitFor();
    const [row] = await newRows(known);
    expect(row).toMatchObject({
      event_id: STAT_INITIALIZE,
      platform: 24,
      account_id: null,
      s1: 'sky-runner',
      build_id: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      session_id: expect.stringMatching(/^[\w-]{1,64}$/),
    });
    expect(row?.created_at).toBeGreaterThanOrEqual(started - 1000);
    expect(row?.i1).toBeGreaterThanOrEqual(0);
  });

  it('leaving the page sends what is queued at once, under a new session, attributed to the player', async () => {
    const player = await signInByEmail(server.url);
    await acceptDueDocuments(server.url, player.token, 'sky-runner');
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.tab(context);
    const before = rows();
    await page.goto('play/sky-runner');
    await logLine(gameFrame(page), 'call stat.initialize ok').waitFor();
    const left = Date.now();
    // A full page load: pagehide flushes the queue with keepalive, long before the batch timer.
    await page.goto('.');
    const [row] = await newRows(before.length, 4000);
    expect(Date.now() - left).toBeLessThan(4000);
    expect(row).toMatchObject({ event_id: STAT_INITIALIZE, account_id: player.accountId, s1: 'sky-runner' });
    expect(before.map((earlier) => earlier.session_id)).not.toContain(row?.session_id);
  });
});
