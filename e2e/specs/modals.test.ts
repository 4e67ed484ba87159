import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { HTTP_ERROR_LINE, VIEWPORTS } from '../harness/browser';
import { en, fill } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// Every shared modal opened the way a visitor opens it, the error page's details,
// and screenshots of the main pages at a desktop and a phone size.
const session = browserSession(portalUrl);

/** A player that fails to load and sends the visitor to /error with a JSON body: Sky Runner is not on Kongregate. */
const FAILING_PLAYER = 'play/sky-runner/iframe/kg';

describe('modals', () => {
  it('the info modal explains how to install the app, and closes', async () => {
    const { page } = await session.open('/');
    await page.getByRole('button', { name: en.header.install }).click();
    const dialog = page.getByRole('dialog', { name: en.modals.installTitle });
    await dialog.getByText(en.modals.installBody).waitFor();
    await dialog.getByRole('button', { name: en.common.close }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the link share modal shows a QR code and the link', async () => {
    const { page } = await session.open('/');
    await page.getByRole('button', { name: fill(en.landing.shareGame, { name: 'Sky Runner' }) }).click();
    const dialog = page.getByRole('dialog', { name: fill(en.landing.shareGame, { name: 'Sky Runner' }) });
    const qr = dialog.getByRole('img', { name: en.modals.shareQrAlt });
    await qr.waitFor();
    expect(await qr.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await dialog.getByRole('textbox').inputValue()).toBe(new URL('play/sky-runner', portalUrl()).href);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('when the clipboard refuses, the text-copy modal shows the text selected with the keyboard hint', async () => {
    const { page, problems } = await session.tab();
    problems.allow(HTTP_ERROR_LINE(404));
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    await page.goto(FAILING_PLAYER);
    await page.waitForURL('**/error');
    await page.getByRole('button', { name: en.errorPage.showDetails }).click();
    await page.getByRole('button', { name: en.common.copy }).click();
    const dialog = page.getByRole('dialog', { name: en.modals.copyTitle });
    await dialog.getByText(en.modals.copyHintCtrl).waitFor();
    const selected = await dialog
      .getByRole('textbox')
      .evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd));
    expect(JSON.parse(selected)).toMatchObject({ status: 404, ErrorCode: 'game_not_on_platform' });
  });

  it('the FAQ and the contacts open straight in a modal: one title, no frame, no empty area', async () => {
    const { page } = await session.open('/');
    for (const [link, title] of [
      [en.footer.faq, en.docs.faq],
      [en.footer.contacts, en.docs.contacts],
    ] as const) {
      await page.getByRole('button', { name: link }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.locator('p, summary').filter({ hasText: /\S/ }).first().waitFor();
      expect(await dialog.locator('iframe').count()).toBe(0);
      expect(await dialog.getByText(title, { exact: true }).count()).toBe(1);
      // The panel is as tall as what it shows: no area left empty below the last line.
      const gap = await dialog.evaluate((panel) => {
        const body = panel.children[1] as HTMLElement;
        const last = body.lastElementChild as HTMLElement;
        return body.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom;
      });
      expect(gap).toBeLessThanOrEqual(40);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('the push-permission confirm can be cancelled, and OK asks the browser', async () => {
    // The browser's own prompt cannot be clicked: the context answers it, granted here.
    const { page } = await session.openIn(await session.freshContext({ permissions: ['notifications'] }), '/');
    await page.getByRole('button', { name: en.landing.notifyMe }).click();
    const confirm = page.getByRole('dialog', { name: en.modals.pushTitle });
    await confirm.getByText(en.modals.pushBody).waitFor();
    await confirm.getByRole('button', { name: en.common.cancel }).click();
    await confirm.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: en.landing.notifyMe }).click();
    await confirm.getByRole('button', { name: en.common.ok }).click();
    await page.getByRole('dialog', { name: en.modals.pushTitle }).getByText(en.modals.pushAllowed).waitFor();
  });

  it('a portal framed by another page does not offer notifications', async () => {
    const { page } = await session.tab();
    // A host page on the portal's own origin, which its frame-ancestors allows.
    const host = new URL('framing-host.html', portalUrl()).href;
    await page.route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<iframe title="portal" src="${portalUrl()}" style="width:1200px;height:900px"></iframe>`,
      }),
    );
    await page.goto(host);
    const framed = page.frameLocator('iframe');
    await framed.getByRole('heading', { name: en.landing.newsTitle }).waitFor();
    expect(await framed.getByRole('button', { name: en.landing.notifyMe }).count()).toBe(0);
  });
});

describe('error page', () => {
  it('pretty-prints a JSON body under "show details" and collapses it again', async () => {
    const { page, problems } = await session.open(FAILING_PLAYER);
    problems.allow(HTTP_ERROR_LINE(404));
    await page.waitForURL('**/error');
    await page.getByRole('button', { name: en.errorPage.showDetails }).click();
    const details = await page.getByTestId('error-details').textContent();
    expect(details).toContain('\n  "status": 404');
    expect(JSON.parse(details ?? '')).toMatchObject({ ErrorCode: 'game_not_on_platform' });
    await page.getByRole('button', { name: en.errorPage.hideDetails }).click();
    await page.getByTestId('error-details').waitFor({ state: 'hidden' });
  });
});

describe('screenshots', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`landing, error and docs at ${viewport.width}×${viewport.height}`, async () => {
      const { page, problems } = await session.tab(await session.freshContext({ viewport }));
      problems.allow(HTTP_ERROR_LINE(404));
      await page.goto('.');
      await page.getByRole('link', { name: fill(en.landing.playGame, { name: 'Sky Runner' }) }).waitFor();
      await saveScreenshot(page, `landing-${size}`);
      await page.goto(FAILING_PLAYER);
      await page.getByTestId('error-message').waitFor();
      await saveScreenshot(page, `error-${size}`);
      await page.goto('Docs/tos');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await saveScreenshot(page, `docs-${size}`);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
});
