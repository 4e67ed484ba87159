// @vitest-environment jsdom
import type { PageConfig } from '@fxid/contract/page-config';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NewsAlerts } from '../../../entities/news/NewsAlerts';
import type { NewsItem } from '../../../entities/news/news';
import { messages as de } from '../../../shared/i18n/locales/de';
import { messages as en } from '../../../shared/i18n/locales/en';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { jsonResponse, renderWithApp, TEST_PAGE_CONFIG, testApi, testI18n } from '../../../test/app-test-kit';
import { NewsStrip } from './NewsStrip';

beforeAll(async () => {
  await Promise.all([import('./NewsListModal'), import('../../../shared/ui/modals/ModalStack')]);
});
afterEach(cleanup);

const config: PageConfig = { ...TEST_PAGE_CONFIG, Locales: ['en', 'de'] };

/** The server's answer per locale: it picks each item's messages, English when it has none in that language. */
const HEADERS: Record<string, string[]> = {
  en: ['Maintenance', 'Sky Runner 1.4', 'Double gems'],
  de: ['Wartung', 'Sky Runner 1.4', 'Double gems'],
};

function newsIn(locale: string): NewsItem[] {
  const [alert, update, info] = HEADERS[locale] ?? [];
  return [
    {
      Id: 'maintenance',
      CreatedAt: '2026-11-20T15:00:00.000Z',
      Priority: 'Alert',
      Messages: [{ Locale: locale, Header: alert ?? '', Message: 'Sign-in pauses at 02:00.' }],
      Tags: ['service'],
    },
    {
      Id: 'sky-runner-1-4',
      CreatedAt: '2026-11-10T12:00:00.000Z',
      GameSystemName: 'sky-runner',
      Priority: 'Update',
      Messages: [{ Locale: locale, Header: update ?? '', Message: 'Storm islands are here.' }],
      Link: 'https://discord.gg/sky',
      IconUrl: '/catalog/sky-runner/icon.svg',
      ImageUrl: '/catalog/sky-runner/cover.svg',
      Tags: ['update', 'islands'],
    },
    {
      Id: 'gems',
      CreatedAt: '2026-11-14T08:00:00.000Z',
      Priority: 'Info',
      Messages: [{ Locale: locale, Header: info ?? '', Message: 'Twice the gems until Sunday.' }],
      Tags: [],
    },
  ];
}

function renderLanding(language: string) {
  const requests: unknown[] = [];
  const api = testApi(async (request) => {
    const body = (await request.json()) as { Locale: string };
    requests.push(body);
    return jsonResponse({ News: newsIn(body.Locale) });
  });
  renderWithApp(
    <MemoryRouter>
      <ModalProvider>
        <NewsAlerts />
        <NewsStrip />
      </ModalProvider>
    </MemoryRouter>,
    { api, config, i18n: testI18n(language, { en, de }) },
  );
  return { requests };
}

describe('the news list', () => {
  it('opens from the strip with every item: badge, header, message, link, icon, image, tags and date', async () => {
    const { requests } = renderLanding('en');
    const strip = await screen.findByRole('region', { name: en.landing.newsTitle });
    const all = await within(strip).findByRole('button', { name: en.news.allNews });
    // The alert is a banner above the page, not a card of the strip.
    expect(screen.getByRole('status').textContent).toBe('Maintenance. Sign-in pauses at 02:00.');
    expect(within(strip).getAllByRole('article')).toHaveLength(2);
    fireEvent.click(all);

    const dialog = await screen.findByRole('dialog', { name: en.news.allTitle });
    const cards = within(dialog).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Maintenance',
      'Sky Runner 1.4',
      'Double gems',
    ]);
    const update = cards[1] as HTMLElement;
    expect(update.textContent).toContain(en.newsPriority.Update);
    expect(update.textContent).toContain('Storm islands are here.');
    expect(within(update).getByRole('time').getAttribute('datetime')).toBe('2026-11-10T12:00:00.000Z');
    expect(within(update).getByRole('time').textContent).toBe('Nov 10, 2026');
    const images = [...update.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(images).toEqual(['catalog/sky-runner/cover.svg', 'catalog/sky-runner/icon.svg']);
    expect(within(within(update).getByRole('list', { name: en.news.tags })).getAllByRole('listitem')).toHaveLength(2);
    // The game's community chat link leads to the portal's own page for it.
    expect(
      within(update)
        .getByRole('link', { name: /Learn more/ })
        .getAttribute('href'),
    ).toBe('/discord-qr?game=sky-runner');
    expect(cards[0]?.textContent).toContain(en.newsPriority.Alert);
    // The list reuses the strip's query: one request.
    expect(requests).toEqual([{ Locale: 'en' }]);

    fireEvent.click(within(dialog).getByRole('button', { name: en.common.close }));
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the news in the UI language and labels them in it', async () => {
    const { requests } = renderLanding('de');
    const strip = await screen.findByRole('region', { name: de.landing.newsTitle });
    fireEvent.click(await within(strip).findByRole('button', { name: de.news.allNews }));
    const dialog = await screen.findByRole('dialog', { name: de.news.allTitle });
    const cards = within(dialog).getAllByRole('article');
    expect(within(cards[0] as HTMLElement).getByRole('heading').textContent).toBe('Wartung');
    expect(dialog.textContent).toContain(de.newsPriority.Update);
    // Its close button is labelled in German, not in English.
    expect(within(dialog).getByRole('button', { name: de.common.close }).hasAttribute('disabled')).toBe(false);
    expect(within(dialog).queryByRole('button', { name: en.common.close })).toBeNull();
    expect(requests).toEqual([{ Locale: 'de' }]);
  });
});
