// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreData, StoreProductData } from '../../../entities/purchase/api/store-data';
import { englishMessages as en } from '../../../shared/i18n/complete-messages';
import { AUTH_TOKEN_KEY } from '../../../shared/lib/auth-token';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { StorePage } from './StorePage';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

function product(sku: string, overrides: Partial<StoreProductData> = {}): StoreProductData {
  return {
    Sku: sku,
    ProductName: sku,
    ProductDescription: '',
    ProductType: 'Consumable',
    Labels: [],
    Payload: null,
    Quantity: 1,
    ImageUrl: null,
    IconUrl: null,
    Price: {
      LocalizedPrice: '$0.99',
      Price: 99,
      PriceBeforeDiscount: null,
      LocalizedPriceBeforeDiscount: null,
      Discount: 0,
      PriceBeforeBeautify: 99,
      CurrencySymbol: '$',
      CurrencyIso4217: 'USD',
    },
    DefaultCurrencyPrice: { Amount: 99, Currency: 'USD' },
    UsdPrice: 99,
    Owned: false,
    ...overrides,
  };
}

/** /Store/{game} over a fake server answering store_data with `storeData`; records who asked. */
function renderStore(game: string, storeData: () => Response) {
  const asked: { authorization: string | null }[] = [];
  const api = testApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/store/store_data')) {
      asked.push({ authorization: request.headers.get('authorization') });
      return storeData();
    }
    if (path.endsWith('/games/list')) return jsonResponse({ AvailableGames: [] });
    throw new Error(`unexpected ${path}`);
  });
  renderWithApp(
    <MemoryRouter initialEntries={[`/Store/${game}`]}>
      <ModalProvider>
        <Routes>
          <Route path="/Store/:game" element={<StorePage />} />
        </Routes>
      </ModalProvider>
    </MemoryRouter>,
    { api },
  );
  return { asked };
}

const STORE = (products: StoreProductData[]): StoreData => ({
  Game: 'sky-runner',
  Products: products,
  Store: {
    XsollaEnabled: false,
    YookassaEnabled: false,
    StripeEnabled: false,
    AghanimEnabled: false,
    Bank131Enabled: false,
    MoneyMailRuEnabled: false,
  },
});

describe('the store page', () => {
  it('shows a one-time product the player owns as owned, with no buy button, asking as the player', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 't'.repeat(43));
    const { asked } = renderStore('sky-runner', () =>
      jsonResponse(STORE([product('stars_100'), product('no_ads', { ProductType: 'NonConsumable', Owned: true })])),
    );
    const owned = await screen.findByTestId('product-no_ads');
    expect(within(owned).getByTestId('owned').textContent).toBe(en.store.owned);
    expect(within(owned).queryByRole('button')).toBeNull();
    const forSale = screen.getByTestId('product-stars_100');
    expect(
      within(forSale)
        .getByRole('button', { name: fill(en.store.buy, { price: '$0.99' }) })
        .hasAttribute('disabled'),
    ).toBe(false);
    expect(within(forSale).queryByTestId('owned')).toBeNull();
    expect(asked[0]?.authorization).toBe(`Bearer ${'t'.repeat(43)}`);
  });

  it('shows the price before a discount beside the saving', async () => {
    renderStore('gem-garden', () =>
      jsonResponse(
        STORE([
          product('garden_bundle', {
            Price: {
              LocalizedPrice: '€4.49',
              Price: 449,
              PriceBeforeDiscount: 548,
              LocalizedPriceBeforeDiscount: '€5.48',
              Discount: 18,
              PriceBeforeBeautify: 449,
              CurrencySymbol: '€',
              CurrencyIso4217: 'EUR',
            },
          }),
        ]),
      ),
    );
    const card = await screen.findByTestId('product-garden_bundle');
    const before = within(card).getByTestId('price-before-discount');
    expect(before.tagName).toBe('S');
    expect(before.textContent).toBe(`${en.store.priceBefore} €5.48`);
    expect(within(card).getByTestId('price').textContent).toBe('€4.49');
    expect(card.textContent).toContain(fill(en.store.save, { percent: '18' }));
  });

  it('says a game that does not exist does not exist, with no store heading and no Play button', async () => {
    renderStore('no-such-game', () =>
      jsonResponse(
        {
          type: 'urn:fxid:error:game_not_found',
          title: 'Game not found',
          status: 404,
          detail: 'No game is called "no-such-game"',
          ErrorCode: 'game_not_found',
          L10NKey: 'errors.game_not_found',
          L10NParam: { Game: 'no-such-game' },
        },
        404,
      ),
    );
    const message = await screen.findByTestId('store-game-not-found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.store.gameNotFoundTitle);
    expect(message.textContent).toBe(fill(en.store.gameNotFound, { game: 'no-such-game' }));
    expect(screen.queryByText(en.store.loadFailed)).toBeNull();
    expect(screen.queryByRole('link', { name: en.common.play })).toBeNull();
    expect(screen.getByRole('link', { name: en.store.browseGames }).getAttribute('href')).toBe('/');
  });
});
