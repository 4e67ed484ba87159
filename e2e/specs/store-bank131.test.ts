import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD, FakeBank131 } from '../../apps/server/src/test/fake-bank131';
import { saveScreenshot } from '../harness/artifacts';
import { demoCatalogText } from '../harness/catalog';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en } from '../harness/messages';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';
import { storeBuyer } from '../harness/store';

// Buying with Bank131. The server is the real build, configured for Bank131 against the local
// fake bank: requests signed with our RSA key, the bank's notifications (ready_to_confirm,
// action_required, payment_finished) signed with its own and posted to the server's webhook as
// the bank would. gem-garden enables Bank131 and sells in roubles here, so SBP is offered. The
// card is typed into the bank's widget (the fake's stand-in script) and tokenized at the bank.

const fake = new FakeBank131();
let server: RunningServer | undefined;
const site = () => {
  if (!server) throw new Error('the Bank131 site is not started');
  return server.url;
};

/** The demo catalog with gem-garden on Bank131, priced in roubles (its products are its only EUR prices). */
function bank131Catalog(): string {
  const text = demoCatalogText();
  const start = text.indexOf('- GameSystemName: gem-garden');
  const store = /Store: \{[^}\n]*\}/;
  const game = text.slice(start);
  if (start < 0 || !store.test(game)) throw new Error('the demo catalog changed: update this spec');
  const changed = game.replace(store, 'Store: { Bank131Enabled: true }').replaceAll('Currency: EUR', 'Currency: RUB');
  const file = join(tmpdir(), `fxid-bank131-catalog-${process.pid}.yaml`);
  writeFileSync(file, text.slice(0, start) + changed);
  return file;
}

/**
 * The form shows the bank's outcome once its next read has it, while the game's purchase, polling
 * the order on its own, closes the checkout a second after it ends: on a busy machine the close can
 * come first. Either is the end of the form; the component test (Bank131FormPage.test.tsx) holds
 * the outcome's text, and the caller checks what the game received.
 */
async function outcomeOrClosed(page: Page, outcome: string): Promise<void> {
  const form = page.frameLocator(FRAME);
  await Promise.race([
    form.getByTestId('payment-form-outcome').filter({ hasText: outcome }).waitFor({ timeout: 20_000 }),
    page.locator(FRAME).waitFor({ state: 'detached', timeout: 20_000 }),
  ]);
}

/** The game's log line of a rejected purchase, whatever its error code. */
const buyError = (frame: FrameLocator) =>
  frame.locator('[data-testid="log-entry"][data-line^="call buyProduct error"]');

beforeAll(async () => {
  await fake.start();
  fake.autoDeliver = true;
  fake.target = async (body, headers) => {
    const response = await fetch(new URL('api/v1/store/webhooks/bank131', site()), { method: 'POST', headers, body });
    return response.status;
  };
  server = await startServer({ PAYMENT_PROVIDER: 'bank131', ...fake.env(), CATALOG_FILE: bank131Catalog() });
});
afterAll(async () => {
  await server?.stop();
  await fake.stop();
});

const session = browserSession(site);
const { boughtCount } = storeBuyer(site, session, 'gem-garden');
const FRAME = '[data-testid="checkout-frame"]';

async function openGame(viewport?: { width: number; height: number }) {
  const player = await signInByEmail(site());
  await acceptDueDocuments(site(), player.token, 'gem-garden');
  const context = await session.freshContext(viewport ? { viewport } : {});
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  const { page } = await session.tab(context);
  await page.goto('play/gem-garden');
  const frame = gameFrame(page);
  await logLine(frame, 'call loadingReady ok').waitFor();
  return { page, frame, player };
}

async function openForm(page: Page, frame: FrameLocator): Promise<FrameLocator> {
  await frame.getByTestId('buy-gems_50').click();
  const form = page.frameLocator(FRAME);
  await form.getByTestId('bank131-form').waitFor({ timeout: 15_000 });
  return form;
}

describe("buying with Bank131's card payment form", () => {
  it('shows the bank and product at 390×844, pays by card in the widget, and the game receives it once', async () => {
    const { page, frame, player } = await openGame({ width: 390, height: 844 });
    const form = await openForm(page, frame);
    expect(await form.getByTestId('payment-form-bank').textContent()).toBe('Bank 131');
    await form.getByTestId('payment-form-product').getByText('50 gems').waitFor();
    const scroll = await form.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'store-bank131-form-phone');
    await form.getByRole('button', { name: /^Pay RUB / }).click();
    await outcomeOrClosed(page, en.store.paymentFormOutcome.Paid);
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    // The card went to the bank's widget, never to fxid: the server saw only its token.
    const start = fake.calls('api/v1/session/start/payment').at(-1)?.body as {
      payment_details: { card: { tokenized_card: { token: string } } };
    };
    expect(start.payment_details.card.tokenized_card.token).toMatch(/^ct_/);
    await page.locator(FRAME).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await logLine(frame, 'call buyProduct ok').count()).toBe(1);
    expect(await boughtCount(player, 'gems_50')).toBe(1);
  });

  it("a declined card shows the refusal and rejects with 'Payment not completed'", async () => {
    const { page, frame, player } = await openGame();
    const form = await openForm(page, frame);
    await form.getByLabel(en.store.paymentFormCardLabel).fill(DECLINED_CARD);
    await form.getByRole('button', { name: /^Pay RUB / }).click();
    await outcomeOrClosed(page, en.store.paymentFormOutcome.Declined);
    await buyError(frame).waitFor({ timeout: 15_000 });
    expect((await buyError(frame).first().textContent()) ?? '').toContain('Payment not completed');
    expect(await boughtCount(player, 'gems_50')).toBe(0);
  });

  it('Cancel on the form cancels the session at the bank and the purchase rejects', async () => {
    const { page, frame, player } = await openGame();
    const form = await openForm(page, frame);
    await form.getByRole('button', { name: en.common.cancel, exact: true }).click();
    await outcomeOrClosed(page, en.store.paymentFormOutcome.Cancelled);
    await buyError(frame).waitFor({ timeout: 15_000 });
    expect(fake.calls('api/v1/session/cancel').length).toBeGreaterThan(0);
    expect(await boughtCount(player, 'gems_50')).toBe(0);
  });

  it('pays by SBP: the QR the bank issued, paid in the bank app, and the game receives it once', async () => {
    const { page, frame, player } = await openGame({ width: 390, height: 844 });
    const form = await openForm(page, frame);
    await form.getByRole('button', { name: en.store.bank131.payBySbp }).click();
    await form.getByTestId('bank131-sbp-qr').waitFor({ timeout: 15_000 });
    const link = (await form.getByTestId('bank131-sbp-link').getAttribute('href')) ?? '';
    expect(link).toMatch(/^https:\/\/qr\.nspk\.ru\//);
    await saveScreenshot(page, 'store-bank131-sbp-phone');
    const paying = [...fake.sessions.values()].find(
      (entry) => entry.acquiring_payments?.[0]?.customer_interaction?.inform?.qr?.content === link,
    );
    if (!paying) throw new Error('no session shows that QR');
    fake.sbpPaid(paying.id);
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    expect(await logLine(frame, 'call buyProduct ok').count()).toBe(1);
    expect(await boughtCount(player, 'gems_50')).toBe(1);
  });
});
