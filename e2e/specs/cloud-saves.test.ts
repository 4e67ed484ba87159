import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';

// Cloud saves and leaderboards as a player meets them: progress the demo game saved in one
// browser shows in another for the same account, a guest's progress moves to the account at
// sign-in, and the game's leaderboard modal lists the submitted score. Its own server, so the
// board holds only this file's scores.

const GAME = 'sky-runner';
const BOARD = 'best-score';
const server = ownServer();
const session = browserSession(() => server.url);

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(`api/v1/${path}`, server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/v1/${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Saved {
  Items: { Key: string; Value: { rounds: number; best: number }; Version: number }[];
}
const savedProgress = async (player: SignedIn) =>
  (await post<Saved>('storage/get', player.token, { Game: GAME, Keys: ['progress'] })).Items[0];

/** A browser of its own (another device), signed in as `player` when given. */
async function device(player?: SignedIn): Promise<BrowserContext> {
  const context = await session.freshContext();
  if (player) {
    await acceptDueDocuments(server.url, player.token, GAME);
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  }
  return context;
}

async function openGame(context: BrowserContext): Promise<{ page: Page; frame: FrameLocator }> {
  const { page, problems } = await session.tab(context);
  // A device saving over a version another device replaced is refused (409), then merges.
  problems.allow(/status of 409 \(Conflict\).*\/api\/v1\/storage\/set/);
  await page.goto(`play/${GAME}`);
  const frame = gameFrame(page);
  await logLine(frame, 'call loadingReady ok').waitFor();
  return { page, frame };
}

const progressText = (frame: FrameLocator, rounds: number) =>
  frame.getByTestId('cloud-progress').filter({ hasText: `Saved: ${rounds} rounds` });

/** One round of Sky Runner: a tap starts it, and with no more taps the glider falls and it ends. */
async function playRound(frame: FrameLocator): Promise<void> {
  await frame.getByTestId('game-canvas').click();
  await logLine(frame, 'call gameStopped ok').waitFor();
  await logLine(frame, 'call storage.set ok').waitFor();
}

describe('cloud saves and leaderboards', () => {
  it('progress saved in one browser follows the player into another, and the leaderboard shows the score', async () => {
    const [player, rival] = await Promise.all([signInByEmail(server.url), signInByEmail(server.url)]);
    await post('leaderboards/submit', rival.token, { Game: GAME, Leaderboard: BOARD, Score: 4321 });

    const first = await openGame(await device(player));
    await progressText(first.frame, 0).waitFor();
    await playRound(first.frame);
    await logLine(first.frame, 'call leaderboard.submit ok').waitFor();
    await progressText(first.frame, 1).waitFor();
    const saved = await savedProgress(player);
    expect(saved).toMatchObject({ Key: 'progress', Version: 1, Value: { rounds: 1 } });

    // Another device: the same player's progress is there before the first round.
    const second = await openGame(await device(player));
    await progressText(second.frame, 1).waitFor();
    // Both devices play on: the second saves over version 1, the first's stale copy is merged, not lost.
    await playRound(second.frame);
    await progressText(second.frame, 2).waitFor();
    await playRound(first.frame);
    await progressText(first.frame, 2).waitFor();
    expect((await savedProgress(player))?.Version).toBe(3);

    // The game opens its leaderboard: the rival's score and the player's own, marked.
    await second.page.setViewportSize({ width: 390, height: 844 });
    await second.frame.getByTestId('leaderboard').click();
    const dialog = second.page.getByRole('dialog', { name: 'Best score' });
    const rows = dialog.getByTestId('leaderboard-entry');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await expect.poll(() => rows.first().getByTestId('leaderboard-score').textContent()).toBe('4321');
    const own = dialog.locator('[data-testid="leaderboard-entry"][aria-current="true"]');
    expect(await own.getByTestId('leaderboard-score').textContent()).toBe(String(saved?.Value.best));
    expect(await own.textContent()).toContain(`(${en.leaderboard.you})`);
    // At 390 px the dialog fits, and long names give way to the score rather than push it out.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const score = await own.getByTestId('leaderboard-score').boundingBox();
    expect(score && box && score.x + score.width <= box.x + box.width).toBe(true);
    await saveScreenshot(second.page, 'leaderboard-modal-phone');
    await dialog.getByRole('button', { name: en.common.close }).first().click();
    await logLine(second.frame, 'call leaderboard.show ok').waitFor();
  });

  it('a guest’s progress moves to the account when they sign in', async () => {
    const context = await device();
    const { page, frame } = await openGame(context);
    await playRound(frame);
    await progressText(frame, 1).waitFor();
    // No leaderboard score for a guest.
    expect(await logLine(frame, 'call leaderboard.submit ok').count()).toBe(0);

    const player = await signInByEmail(server.url);
    await acceptDueDocuments(server.url, player.token, GAME);
    await page.evaluate((token) => localStorage.setItem('AuthToken', token), player.token);
    await page.reload();
    await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
    await progressText(gameFrame(page), 1).waitFor();
    expect(await savedProgress(player)).toMatchObject({ Version: 1, Value: { rounds: 1 } });
    // The browser's guest copy is gone: the account holds it now.
    expect(await page.evaluate((game) => localStorage.getItem(`fxid.saves.${game}`), GAME)).toBeNull();
  });
});
