import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { demoCatalogText, publishCatalog } from '../harness/catalog';
import { mailboxText } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';

// A signed-in player must accept Gem Garden's terms before the game loads, and is not
// asked again until the catalog publishes a new version of them; a message sent from
// the game's Support button reaches the mailbox.
// Its own server: acceptances and support mail of this file stay in its own database.

const server = ownServer();

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

/** The demo catalog with a second version of Gem Garden's terms (document 201), published after the first. */
function catalogWithNewTerms(): string {
  const catalog = demoCatalogText();
  const nextDocument = '      - Id: 202\n';
  if (!catalog.includes(nextDocument)) throw new Error('the demo catalog no longer lists document 202 after 201');
  return catalog.replace(
    nextDocument,
    [
      '          - Id: 2012',
      '            CreatedAt: 2026-11-01',
      '            Content:',
      '              en: |',
      '                # Terms of Service',
      '',
      '                Gem Garden now runs seasonal events: their rewards end with the season. Play fairly.',
      '              ru: |',
      '                # Пользовательское соглашение',
      '',
      '                В «Саду самоцветов» теперь сезонные события: их награды заканчиваются вместе с сезоном.',
      nextDocument,
    ].join('\n'),
  );
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
    // Prefilled from the account, which may still be loading when the modal opens.
    await expect.poll(() => email.inputValue()).toBe(player.email);
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

  // Last: from here on every player of Gem Garden owes the new version.
  it('a new version of accepted terms brings the gate back on the next play', async () => {
    const returning = await signInByEmail(server.url);
    const { page } = await session.tab(await signedInContext(returning));
    const dialog = page.getByRole('dialog', { name: en.documents.acceptTitle });
    await page.goto('play/gem-garden');
    await dialog.getByText(/By playing Gem Garden you agree to play fairly/).waitFor();
    await dialog.getByRole('button', { name: en.documents.accept }).click();
    await dialog.waitFor({ state: 'detached' });
    await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
    expect(await dueDocuments(returning, 'gem-garden')).toEqual([]);

    expect(await publishCatalog(server, catalogWithNewTerms())).toContain('versions: 1 created');
    expect(await dueDocuments(returning, 'gem-garden')).toEqual([201]);

    await page.goto('play/gem-garden');
    await dialog.getByText(/Gem Garden now runs seasonal events/).waitFor();
    // The new version, not the one already accepted, and the game waits behind it.
    expect(await dialog.getByText(/By playing Gem Garden you agree/).count()).toBe(0);
    expect(await page.getByTestId('game-frame').count()).toBe(0);
    await saveScreenshot(page, 'accept-new-document-version-desktop');
    await dialog.getByRole('button', { name: en.documents.accept }).click();
    await dialog.waitFor({ state: 'detached' });
    await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
    expect(await dueDocuments(returning, 'gem-garden')).toEqual([]);
  });
});
