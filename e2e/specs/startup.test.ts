import { describe, expect, it } from 'vitest';
import { en } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The startup behaviours of spec §1, in the built portal: context menu, service worker
// (pages cached, /api never), the captured install prompt, the debug console on request
// and the product's log prefix.
const session = browserSession(portalUrl);

const landingReady = (page: import('playwright-core').Page) =>
  page.getByRole('heading', { level: 1, name: en.landing.title }).waitFor();

describe('startup', () => {
  it('turns the right-click menu off', async () => {
    const { page } = await session.open('/');
    await landingReady(page);
    const prevented = await page.evaluate(() => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
  });

  it('registers the service worker, which keeps pages for offline use and never an /api answer', async () => {
    const { page } = await session.openIn(await session.freshContext({ serviceWorkers: 'allow' }), '/');
    await landingReady(page);
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toBe(new URL('sw.js', portalUrl()).href);
    // Under the worker now: a page and API calls go through it.
    await page.reload();
    await landingReady(page);
    await page.evaluate(() =>
      fetch('api/v1/games/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    const cachedUrls = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${request.url}`);
        }
        return urls;
      });
    // The worker stores the page after answering it: wait for that, then look at everything kept.
    await expect.poll(async () => (await cachedUrls()).includes(`fxid-pages ${portalUrl()}`)).toBe(true);
    expect((await cachedUrls()).filter((entry) => entry.includes('/api/'))).toEqual([]);
  });

  it("keeps the browser's install prompt for the header's Install action", async () => {
    const { page } = await session.open('/');
    await landingReady(page);
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          document.body.dataset.installPrompted = 'yes';
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
      document.body.dataset.installDeferred = String(offer.defaultPrevented);
    });
    expect(await page.evaluate(() => document.body.dataset.installDeferred)).toBe('true');
    await page.getByRole('button', { name: en.header.install }).click();
    await page.waitForFunction(() => document.body.dataset.installPrompted === 'yes');
    // Accepted: no info modal about the browser menu.
    expect(await page.getByRole('dialog', { name: en.modals.installTitle }).count()).toBe(0);
  });

  it('loads the eruda console only with ?eruda', async () => {
    const { page } = await session.open('/');
    await landingReady(page);
    expect(await page.locator('#eruda').count()).toBe(0);
    await page.goto('?eruda');
    await page.locator('#eruda').waitFor({ state: 'attached' });
  });

  it('logs with the product prefix, debug lines included', async () => {
    const { page } = await session.tab();
    const lines: { type: string; text: string }[] = [];
    page.on('console', (message) => lines.push({ type: message.type(), text: message.text() }));
    await page.goto('');
    await landingReady(page);
    await expect.poll(() => lines.some((line) => line.type === 'debug' && line.text.startsWith('[fxid]'))).toBe(true);
  });
});
