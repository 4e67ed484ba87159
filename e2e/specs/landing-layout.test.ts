import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en, localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The landing, measured on element boxes: game icons drawn above their covers, the
// company wordmark at its own aspect ratio, the language picker showing its whole name,
// and the news strip inset from the screen edge, at two phones and a laptop.
const session = browserSession(portalUrl);

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

async function openLanding(width: number, height: number, query = ''): Promise<Page> {
  const context = await session.freshContext({ viewport: { width, height } });
  const { page } = await session.openIn(context, `/${query}`);
  await page.getByRole('heading', { level: 3, name: 'Sky Runner', exact: true }).waitFor();
  await page.waitForFunction(() => [...document.images].every((image) => image.loading === 'lazy' || image.complete));
  return page;
}

/** Where each game icon is hidden: the points of its box (top rows included) another element covers. */
function coveredIcons(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#games article')].flatMap((card) => {
      const icon = card.querySelector<HTMLImageElement>('h3')?.closest('div')?.previousElementSibling;
      if (!(icon instanceof HTMLImageElement)) return [`${card.textContent?.slice(0, 20)}: no icon`];
      icon.scrollIntoView({ block: 'center' });
      const box = icon.getBoundingClientRect();
      const points = [0.1, 0.3, 0.5, 0.9].map((fraction) => [
        box.left + box.width / 2,
        box.top + box.height * fraction,
      ]);
      return points
        .filter(([x, y]) => document.elementFromPoint(x as number, y as number) !== icon)
        .map(
          ([, y]) =>
            `${card.querySelector('h3')?.textContent}: icon hidden at y=${Math.round((y as number) - box.top)}`,
        );
    }),
  );
}

/** Rendered width / height against the file's own, for every company-logo image. */
function logoRatios(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img[src*="company-logo"]')].map((image) => {
      const box = image.getBoundingClientRect();
      return { shown: box.width / box.height, own: image.naturalWidth / image.naturalHeight, height: box.height };
    }),
  );
}

/** How much wider the picker's chosen language name is than the room the picker gives it. */
function languageOverflow(page: Page) {
  return page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>('header select');
    if (!select) return Number.POSITIVE_INFINITY;
    const style = getComputedStyle(select);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.position = 'absolute';
    probe.style.whiteSpace = 'nowrap';
    probe.textContent = select.selectedOptions[0]?.textContent ?? '';
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    // Padding on both sides and about 16 px for the drop-down arrow.
    const room =
      select.getBoundingClientRect().width -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      16;
    return text - room;
  });
}

describe('the landing', () => {
  for (const { width, height } of VIEWPORTS) {
    it(`at ${width}×${height}: icons above covers, logo not squeezed, language name whole, news inset, no sideways scroll`, async () => {
      const page = await openLanding(width, height);
      await page.screenshot({ path: `/tmp/landing-${width}x${height}.png`, fullPage: true });

      expect(await coveredIcons(page)).toEqual([]);

      const logos = await logoRatios(page);
      expect(logos.length).toBeGreaterThanOrEqual(2); // the hero's pill and the footer
      for (const logo of logos) {
        expect(logo.height).toBeGreaterThan(0);
        expect(Math.abs(logo.shown - logo.own) / logo.own).toBeLessThan(0.05);
      }

      expect(await languageOverflow(page)).toBeLessThanOrEqual(0);

      await page.evaluate(() => window.scrollTo(0, 0));
      const firstNews = await page.locator('#news li').first().boundingBox();
      if (!firstNews) throw new Error('no news card');
      expect(firstNews.x).toBeGreaterThanOrEqual(12);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it('at 360×740 the header fits in every language, the longest name included', async () => {
    const context = await session.freshContext({ viewport: { width: 360, height: 740 } });
    const { page } = await session.tab(context);
    const found: Record<string, string> = {};
    for (const locale of ['pt-br', 'uk', 'ru', 'fa', 'en']) {
      const messages = await localeMessages(locale);
      await page.goto(`?lng=${locale}`);
      await page.getByRole('heading', { level: 1, name: messages.landing.title }).waitFor();
      const overflow = await languageOverflow(page);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      if (overflow > 0 || scroll > 360) found[locale] = `name cut by ${overflow} px, page ${scroll} px wide`;
    }
    expect(found).toEqual({});
    expect(en.header.language).toBeTruthy();
  });
});
