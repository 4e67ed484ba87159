import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { mailboxText } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en } from '../harness/messages';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';

// A signed-in player must accept Gem Garden's terms before the game loads, and is not
// asked again; a message sent from the game's Support button reaches the mailbox.
// Its own server: acceptances and support mail of this file stay in its own database.

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const session = browserSession(() => server.url);

async function signedInContext(player: SignedIn): Promise<BrowserContext> {
  const context = await session.freshContext();
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  return context;
}

async function dueDocuments(player: SignedIn, game: string): Promise<number[]> {
  const response = await fetch(new URL('api/v1/games/documents/list-latest-unaccepted-documents', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ GameSystemName: game }),
  });
  const body = (await response.json()) as { Documents: { Id: number }[] };
  return body.Documents.map((document) => document.Id);
}

describe('legal documents and support in the player', () => {
  let player: SignedIn;
  beforeAll(async () => {
    player = await signInByEmail(server.url);
  });

  it('a signed-in player accepts the terms before the game loads, and is not asked again', async () => {
    expect(await dueDocuments(player, 'gem-garden')).toEqual([201]);
    const { page } = await session.tab(await signedInContext(player));
    await page.goto('play/gem-garden');
    const dialog = page.getByRole('dialog', { name: en.documents.acceptTitle });
    await dialog.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await dialog.getByText(/By playing Gem Garden you agree to play fairly/).waitFor();
    // The game is held back behind the modal.
    expect(await page.getByTestId('game-frame').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible(), 'the modal cannot be dismissed').toBe(true);
    await saveScreenshot(page, 'accept-document-desktop');
    await dialog.getByRole('button', { name: en.documents.accept }).click();
    await dialog.waitFor({ state: 'detached' });
    await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
    expect(await dueDocuments(player, 'gem-garden')).toEqual([]);

    await page.reload();
    await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("a message sent from the game's Support button arrives in the mailbox", async () => {
    const { page } = await session.tab(await signedInContext(player));
    await page.goto('play/gem-garden');
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();
    await frame.locator('details').evaluateAll((sections) => {
      for (const section of sections) (section as HTMLDetailsElement).open = true;
    });
    await frame.locator('button[data-testid="support"]').click();

    const dialog = page.getByRole('dialog', { name: en.support.title });
    const email = dialog.getByLabel(en.support.email);
    expect(await email.inputValue()).toBe(player.email);
    expect(await dialog.getByLabel(en.support.subject).inputValue()).toBe('bug_report');
    const message = dialog.getByLabel(en.support.message);
    // Checked when the field loses focus.
    await message.fill('too short');
    await email.focus();
    await dialog.getByText(en.support.messageTooShort).waitFor();
    const text = `My gems vanished after level ${Date.now()}.`;
    await message.fill(text);
    await dialog.getByLabel(en.support.subject).selectOption('payment_issues');
    await dialog.getByRole('button', { name: en.support.send }).click();
    await dialog.getByText(en.support.sent).waitFor();
    await logLine(frame, 'call createSupportRequest ok').waitFor();
    await dialog.getByRole('button', { name: en.common.close }).first().click();
    await dialog.waitFor({ state: 'detached' });

    const deadline = Date.now() + 10_000;
    let mailbox = '';
    while (Date.now() < deadline && !mailbox.includes(text)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mailbox = await mailboxText(server.url);
    }
    expect(mailbox).toContain(text);
    const article = mailbox.split('<article>').find((item) => item.includes(text)) ?? '';
    const sender = player.email.slice(0, player.email.indexOf('@'));
    expect(article).toContain(sender);
    expect(article).toContain('Payment issue');
  });
});
