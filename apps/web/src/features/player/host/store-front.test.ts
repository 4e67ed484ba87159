import { describe, expect, it } from 'vitest';
import type { StoreData } from '../../../entities/purchase/api/store-data';
import { toSdkStoreFront } from './store-front';

const product = (overrides: Partial<StoreData['Products'][number]> = {}): StoreData['Products'][number] => ({
  Sku: 'gems_50',
  ProductName: '50 gems',
  ProductDescription: 'Extra moves.',
  ProductType: 'Consumable',
  Labels: [],
  Payload: null,
  Quantity: 1,
  ImageUrl: null,
  IconUrl: '/catalog/gem.svg',
  Price: {
    LocalizedPrice: '1,49\u00a0€',
    Price: 149,
    PriceBeforeDiscount: null,
    LocalizedPriceBeforeDiscount: null,
    Discount: 0,
    PriceBeforeBeautify: 149,
    CurrencySymbol: '€',
    CurrencyIso4217: 'EUR',
  },
  DefaultCurrencyPrice: { Amount: 149, Currency: 'EUR' },
  UsdPrice: null,
  Owned: false,
  ...overrides,
});

describe('the store front given to the game', () => {
  it('turns minor units into major ones and leaves out what the catalog does not have', () => {
    const front = toSdkStoreFront(
      {
        Game: 'gem-garden',
        Products: [product()],
        Store: {
          XsollaEnabled: false,
          YookassaEnabled: false,
          StripeEnabled: false,
          AghanimEnabled: false,
          Bank131Enabled: false,
          MoneyMailRuEnabled: false,
        },
      },
      'de',
    );
    expect(front.products).toEqual([
      {
        sku: 'gems_50',
        name: '50 gems',
        description: 'Extra moves.',
        quantity: 1,
        iconUrl: '/catalog/gem.svg',
        price: { localizedPrice: '1,49\u00a0€', price: 1.49, currencySymbol: '€', currencyIso: 'EUR' },
        defaultCurrencyPrice: { localizedPrice: '1,49\u00a0€', price: 1.49, currencySymbol: '€', currencyIso: 'EUR' },
        owned: false,
      },
    ]);
  });

  it('keeps a discount and knows currencies without minor units', () => {
    const yen = product({
      Price: {
        LocalizedPrice: '￥500',
        Price: 500,
        PriceBeforeDiscount: 1000,
        LocalizedPriceBeforeDiscount: '￥1,000',
        Discount: 50,
        PriceBeforeBeautify: 500,
        CurrencySymbol: '￥',
        CurrencyIso4217: 'JPY',
      },
      DefaultCurrencyPrice: { Amount: 500, Currency: 'JPY' },
    });
    const [item] = toSdkStoreFront(
      {
        Game: 'x',
        Products: [yen],
        Store: {
          XsollaEnabled: false,
          YookassaEnabled: false,
          StripeEnabled: false,
          AghanimEnabled: false,
          Bank131Enabled: false,
          MoneyMailRuEnabled: false,
        },
      },
      'ja',
    ).products;
    expect(item?.price).toMatchObject({ price: 500, priceBeforeDiscount: 1000, discount: 50, currencyIso: 'JPY' });
  });

  it('tells the game which one-time products the player owns', () => {
    const front = toSdkStoreFront(
      {
        Game: 'sky-runner',
        Products: [
          product({ Sku: 'stars_100' }),
          product({ Sku: 'no_ads', ProductType: 'NonConsumable', Owned: true }),
        ],
        Store: {
          XsollaEnabled: false,
          YookassaEnabled: false,
          StripeEnabled: false,
          AghanimEnabled: false,
          Bank131Enabled: false,
          MoneyMailRuEnabled: false,
        },
      },
      'en',
    );
    expect(front.products.map(({ sku, owned }) => ({ sku, owned }))).toEqual([
      { sku: 'stars_100', owned: false },
      { sku: 'no_ads', owned: true },
    ]);
  });
});
