import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptDueDocuments } from '../harness/documents';
import { en, fill } from '../harness/messages';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';
import { portalUrl } from '../harness/sites';

// The checkout modal shows the payment form alone (no site header,
// footer or menus), the whole form with its Pay button fits a phone and a laptop, and
// the outcome stays readable until the modal closes itself 1 s after the purchase ends.
const session = browserSession(portalUrl);

const VIEWPORTS = [
  { width: 360, height: 740, choice: en.common.cancel, outcome: en.store.paymentFormOutcome.Cancelled },
  { width: 390, height: 844, choice: 'Pay $0.99', outcome: en.store.paymentFormOutcome.Paid },
  { width: 1366, height: 768, choice: en.store.paymentFormDecline, outcome: en.store.paymentFormOutcome.Declined },
] as const;

const FRAME = '[data-testid="checkout-frame"]';

async function openCheckout(width: number, height: number): Promise<Page> {
  const player = await signInByEmail(portalUrl());
  await acceptDueDocuments(portalUrl(), player.token, 'sky-runner');
  const context = await session.freshContext({ viewport: { width, height } });
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  const { page } = await session.openIn(context, '/Store/sky-runner');
  await page
    .getByTestId('product-stars_100')
    .getByRole('button', { name: fill(en.store.buy, { price: '$0.99' }) })
    .click();
  await page.frameLocator(FRAME).getByTestId('payment-form-product').getByText('100 stars').waitFor();
  return page;
}

describe('the checkout modal', () => {
  for (const { width, height, choice, outcome } of VIEWPORTS) {
    it(`at ${width}×${height} shows the payment form alone with Pay in view, then "${outcome}" until it closes`, async () => {
      const page = await openCheckout(width, height);
      const form = page.frameLocator(FRAME);

      // Alone: no site header, footer, navigation or language picker inside the frame.
      expect(await form.locator('header, footer, nav, select').count()).toBe(0);
      await form.getByRole('heading', { level: 1, name: en.store.paymentFormTitle }).waitFor();

      // The Pay button lies inside the frame's box, and the frame inside the viewport.
      const frameBox = await page.locator(FRAME).boundingBox();
      const payBox = await form.getByRole('button', { name: 'Pay $0.99' }).boundingBox();
      const dialogBox = await page.getByRole('dialog').boundingBox();
      if (!frameBox || !payBox || !dialogBox) throw new Error('the checkout has no layout');
      expect(dialogBox.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox.y).toBeGreaterThanOrEqual(0);
      expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(width);
      expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(height);
      expect(payBox.y).toBeGreaterThanOrEqual(frameBox.y);
      expect(payBox.y + payBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
      expect(payBox.x + payBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
      // Nothing in the frame or on the page scrolls sideways.
      const frameScroll = await form
        .locator('html')
        .evaluate((html) => ({ width: html.scrollWidth, client: html.clientWidth }));
      expect(frameScroll.width).toBeLessThanOrEqual(frameScroll.client);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/checkout-${width}x${height}.png` });

      // The answer's outcome shows in place and stays readable until the modal closes itself.
      await form.getByRole('button', { name: choice, exact: true }).click();
      await form.getByTestId('payment-form-outcome').filter({ hasText: outcome }).waitFor();
      const shownAt = Date.now();
      await page.screenshot({ path: `/tmp/checkout-${width}x${height}-outcome.png` });
      await page.locator(FRAME).waitFor({ state: 'detached', timeout: 15_000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(800);
    });
  }
});
