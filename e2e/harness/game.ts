import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The game iframe of the player page (GameStage's `data-testid="game-frame"`). */
export function gameFrame(page: Page): FrameLocator {
  return page.frameLocator('[data-testid="game-frame"]');
}

/**
 * A line of the demo game's visible log, matched on its stable `data-line`
 * (`call getInfo ok`, `event pause`, `init ok`; see examples/demo-game/src/log-line.ts).
 */
export function logLine(frame: FrameLocator, line: string): Locator {
  return frame.locator(`[data-testid="log-entry"][data-line="${line}"]`);
}

/** Every line the demo game logged so far, oldest first (the panel shows newest first). */
export async function logLines(frame: FrameLocator): Promise<string[]> {
  const lines = await frame
    .locator('[data-testid="log-entry"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-line') ?? ''));
  return lines.reverse();
}

/**
 * Tags the document now loaded in the game iframe. `isSameGame` tells later whether
 * that document is still the one running, i.e. the portal did not reload the game.
 */
export async function markGame(frame: FrameLocator): Promise<void> {
  await frame.locator('html').evaluate((root) => root.setAttribute('data-e2e-mark', 'kept'));
}

export async function isSameGame(frame: FrameLocator): Promise<boolean> {
  return (await frame.locator('html[data-e2e-mark="kept"]').count()) === 1;
}
