import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SqliteDatabase as Database } from '../../apps/server/src/db/sqlite-driver';
import { saveScreenshot } from '../harness/artifacts';
import { axeScan, seriousViolations } from '../harness/axe';
import { HTTP_ERROR_LINE } from '../harness/browser';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en, fill } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';

// Orders that need the player's email (spec store §2, §4, §5): the player's account has
// none, as after a sign-in on a platform that shares no email. Email sign-in always
// gives one, so the test removes it in the database, as the server's own tests do.
// Its own server, for that database.

const server = ownServer();

const session = browserSession(() => server.url);
const pi = en.store.personalInfo;

/** A new player whose account has no email. */
async function playerWithoutEmail(): Promise<SignedIn> {
  const player = await signInByEmail(server.url);
  const db = new Database(server.databaseFile);
  try {
    db.prepare('update accounts set email = null, email_normalized = null where id = ?').run(player.accountId);
  } finally {
    db.close();
  }
  return player;
}

/** The personal info saved on the player's newest order. */
function savedInfo(player: SignedIn): { pi_email: string | null; pi_phone: string | null; pi_auto_confirm: number } {
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    return db
      .prepare(
        'select pi_email, pi_phone, pi_auto_confirm from orders where account_id = ? order by created_at desc, id desc limit 1',
      )
      .get(player.accountId) as { pi_email: string | null; pi_phone: string | null; pi_auto_confirm: number };
  } finally {
    db.close();
  }
}

async function api<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(`api/v1/${path}`, server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The link a launcher or a platform's new tab opens: a single-use temp token in the URL, never the session. */
async function redirectCheckoutPath(player: SignedIn, game: string, sku: string): Promise<string> {
  const { TempToken } = await api<{ TempToken: string }>('auth/create_temp_token', player.token, {
    RedirectUri: `/Store/${game}`,
  });
  return `api/v1/store/create_payment_with_redirect/${game}/${sku}?Token=${TempToken}&WebPublishingPlatform=FxId`;
}

async function signedInContext(player: SignedIn): Promise<BrowserContext> {
  // The games' terms need acceptance before playing (documents-and-support.test.ts shows the modal).
  for (const game of ['sky-runner', 'gem-garden']) await acceptDueDocuments(server.url, player.token, game);
  const context = await session.freshContext();
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  return context;
}

const checkoutFrame = (page: Page) => page.frameLocator('[data-testid="checkout-frame"]');

describe('/Store/ContinueWithPI', () => {
  it('asks for the email, continues to the checkout, and the provider returns to MerchantPaymentCompleted', async () => {
    const player = await playerWithoutEmail();
    const { page } = await session.tab(await session.freshContext());
    await page.goto(await redirectCheckoutPath(player, 'gem-garden', 'gems_50'));

    // The server sent the browser here rather than to the checkout: the order needs an email.
    await page.waitForURL(/\/Store\/ContinueWithPI\?Token=[\w-]{43}$/);
    await page.getByRole('heading', { name: en.store.continueTitle }).waitFor();
    await page.getByTestId('order-product').getByText('50 gems').waitFor();
    expect(await page.getByTestId('order-price').textContent()).toBe('€1.49');
    const email = page.getByLabel(pi.emailLabel);
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await email.inputValue()).toBe('');

    // The rules of spec store §5, checked before anything is sent.
    await page.getByRole('button', { name: pi.confirm }).click();
    await page.getByText(pi.emailRequired).waitFor();
    await email.fill('buyer@');
    await page.getByText(pi.invalid_email).waitFor();
    await page.getByLabel(pi.phoneLabel).fill('+0123');
    await page.getByText(pi.invalid_phone_number).waitFor();
    await saveScreenshot(page, 'store-continue-with-pi-desktop');
    expect(seriousViolations(await axeScan(page))).toEqual([]);

    await email.fill('  buyer@example.com ');
    await page.getByLabel(pi.phoneLabel).fill('+4915112345678');
    await page.getByRole('button', { name: pi.confirm }).click();

    // The sandbox checkout: the portal's card payment form page /{token}.
    await page.waitForURL(/\/sbx_[\w-]{32}$/);
    expect(savedInfo(player)).toEqual({
      pi_email: 'buyer@example.com',
      pi_phone: '+4915112345678',
      pi_auto_confirm: 0,
    });
    await page.getByRole('button', { name: fill(en.store.paymentFormPay, { price: '€1.49' }) }).click();

    await page.waitForURL(/\/Store\/MerchantPaymentCompleted\/[\w-]{43}$/);
    await page.getByRole('heading', { name: en.store.merchantTitle }).waitFor();
    await page.getByTestId('order-product').getByText('50 gems').waitFor();
    await page
      .getByTestId('order-status')
      .filter({ hasText: en.store.returnStatus.Completed })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('order-status').getAttribute('data-status')).toBe('Completed');
    const back = page.getByRole('link', { name: en.store.backToGame });
    expect(await back.getAttribute('href')).toBe(new URL('play/gem-garden', server.url).href);
    await saveScreenshot(page, 'store-merchant-payment-completed-desktop');
    expect(seriousViolations(await axeScan(page))).toEqual([]);
  });

  it('auto-confirm saves the choice, and a used link is refused with its own message', async () => {
    const player = await playerWithoutEmail();
    const { page, problems } = await session.tab(await session.freshContext({ viewport: { width: 390, height: 844 } }));
    problems.allow(HTTP_ERROR_LINE(400));
    await page.goto(await redirectCheckoutPath(player, 'sky-runner', 'stars_100'));
    await page.waitForURL(/\/Store\/ContinueWithPI\?/);
    const continueUrl = page.url();
    await page.getByLabel(pi.emailLabel).fill('phone-player@example.com');
    await saveScreenshot(page, 'store-continue-with-pi-phone');
    await page.getByRole('button', { name: pi.autoConfirm }).click();
    await page.waitForURL(/\/sbx_[\w-]{32}$/);
    expect(savedInfo(player)).toMatchObject({
      pi_email: 'phone-player@example.com',
      pi_phone: null,
      pi_auto_confirm: 1,
    });

    await page.goto(continueUrl);
    await page.getByText(en.store.linkInvalid).waitFor();
    expect(await page.getByLabel(pi.emailLabel).count()).toBe(0);
  });

  it('a link without its token says it is incomplete; unknown or malformed links say they are not valid', async () => {
    const { page, problems } = await session.tab(await session.freshContext());
    problems.allow(HTTP_ERROR_LINE(400));
    await page.goto('Store/ContinueWithPI');
    await page.getByText(en.store.linkMissing).waitFor();
    await page.goto(`Store/ContinueWithPI?Token=${'x'.repeat(43)}`);
    await page.getByText(en.store.linkInvalid).waitFor();
    await page.goto('Store/MerchantPaymentCompleted/not-a-token');
    await page.getByText(en.store.merchantLinkInvalid).waitFor();
    await page.goto(`Store/MerchantPaymentCompleted/${'x'.repeat(43)}`);
    await page.getByText(en.store.merchantLinkInvalid).waitFor();
  });
});

describe('the confirm-purchase-with-personal-info modal (SDK buyProduct)', () => {
  it("cancelling gives the game 'Email input cancelled'; confirming saves the info and the purchase goes on", async () => {
    const player = await playerWithoutEmail();
    const { page } = await session.tab(await signedInContext(player));
    await page.goto('play/sky-runner');
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();

    await frame.getByTestId('buy-stars_100').click();
    const dialog = page.getByRole('dialog', { name: pi.title });
    await dialog.getByText(fill(pi.body, { product: '100 stars' })).waitFor();
    const email = dialog.getByLabel(pi.emailLabel);
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    await saveScreenshot(page, 'store-personal-info-modal-desktop');
    expect(seriousViolations(await axeScan(page))).toEqual([]);
    await dialog.getByRole('button', { name: en.common.cancel }).click();
    await logLine(frame, 'call buyProduct error cancelled').waitFor();
    expect(await logLine(frame, 'call buyProduct error cancelled').first().textContent()).toContain(
      'Email input cancelled',
    );
    expect(await page.locator('[data-testid="checkout-frame"]').count()).toBe(0);

    await frame.getByTestId('buy-stars_100').click();
    await email.fill('modal-buyer@example.com');
    await dialog.getByLabel(pi.phoneLabel).fill('+15551234567');
    await dialog.getByRole('button', { name: pi.confirm }).click();
    await checkoutFrame(page).getByRole('button', { name: /^Pay/ }).click();
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    expect(savedInfo(player)).toEqual({
      pi_email: 'modal-buyer@example.com',
      pi_phone: '+15551234567',
      pi_auto_confirm: 0,
    });
  });
});
