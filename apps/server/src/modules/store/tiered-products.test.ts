import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn } from '../../test/sign-in.js';
import { checkoutIdOf, choose, createPayment, storePost, useGameServer } from '../../test/store.js';

/** The demo catalog's garden_bundle (4.49 €) bundles gems_50 and garden_pass as tiers. */
describeEachEngine('tiered products', (engine) => {
  const game = useGameServer('gem-garden');
  const testApp = useTestApp(engine, { store: game.store });

  it('puts the tiers in AdditionalProducts at the main price and delivers every product to the game', async () => {
    const { app } = testApp();
    const token = await signIn(app, testApp().database.handle.db, 'bundle@example.com');
    const created = await createPayment(app, token, 'gem-garden', 'garden_bundle');
    expect(created).toMatchObject({
      OrderPrice: { Amount: 449, Currency: 'EUR' },
      OrderProduct: {
        Sku: 'garden_bundle',
        Price: 449,
        UsedTieredProducts: true,
        TieredProductsSku: 'gems_50,garden_pass',
      },
    });
    const { OrderProducts, TotalPrice } = created.Order;
    expect(TotalPrice).toEqual({ Amount: 449, Currency: 'EUR' });
    expect(OrderProducts.MainProduct).toMatchObject({
      Sku: 'garden_bundle',
      ProductName: 'Garden bundle',
      Price: 449,
      UsedTieredProducts: true,
      TieredProductsSku: 'gems_50,garden_pass',
    });
    // Each tier with its own catalog data and quantity; its price is part of the main one.
    expect(OrderProducts.AdditionalProducts).toEqual([
      expect.objectContaining({
        Sku: 'gems_50',
        ProductName: '50 gems',
        ProductDescription: 'Extra moves when you need them.',
        ProductType: 'Consumable',
        Quantity: 1,
        Price: 0,
        Currency: 'EUR',
        Game: 'gem-garden',
        UsedTieredProducts: false,
        TieredProductsSku: null,
      }),
      expect.objectContaining({
        Sku: 'garden_pass',
        ProductName: 'Garden pass',
        ProductType: 'Subscription',
        Quantity: 1,
        Price: 0,
        UsedTieredProducts: false,
      }),
    ]);

    expect((await choose(app, checkoutIdOf(created), 'Pay')).statusCode).toBe(200);
    await app.runOutbox();
    await app.runOutbox();
    const delivery = JSON.parse(game.server().received.at(-1)?.body ?? '{}');
    expect(delivery).toMatchObject({
      TransactionId: created.TransactionId,
      Game: 'gem-garden',
      TotalPrice: { Amount: 449, Currency: 'EUR' },
    });
    expect(delivery.Products).toEqual([
      { Sku: 'garden_bundle', Role: 'Main', Quantity: 1, Payload: null },
      { Sku: 'gems_50', Role: 'Additional', Quantity: 1, Payload: null },
      { Sku: 'garden_pass', Role: 'Additional', Quantity: 1, Payload: null },
    ]);

    // The stored order reads back the same, and the tiers count as bought.
    const status = await storePost(
      app,
      '/get_payment_status',
      { Game: 'gem-garden', TransactionId: created.TransactionId },
      token,
    );
    expect(status.json().Order).toMatchObject({
      DetailedStatus: 'Completed',
      OrderProducts: {
        MainProduct: { Sku: 'garden_bundle', TieredProductsSku: 'gems_50,garden_pass' },
        AdditionalProducts: [{ Sku: 'gems_50' }, { Sku: 'garden_pass' }],
      },
      TotalPrice: { Amount: 449, Currency: 'EUR' },
    });
    const bought = await storePost(app, '/check-buy-products', { Game: 'gem-garden' }, token);
    expect(bought.json().Products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Sku: 'garden_bundle', Bought: true }),
        expect.objectContaining({ Sku: 'gems_50', Bought: true }),
        expect.objectContaining({ Sku: 'garden_pass', Bought: true }),
      ]),
    );
  });

  it('keeps orders of products without tiers free of additional products', async () => {
    const { app } = testApp();
    const token = await signIn(app, testApp().database.handle.db, 'single@example.com');
    const created = await createPayment(app, token, 'gem-garden', 'gems_50');
    expect(created.OrderProduct).toMatchObject({ UsedTieredProducts: false, TieredProductsSku: null });
    expect(created.Order.OrderProducts.AdditionalProducts).toEqual([]);
    expect(created.Order.OrderProducts.MainProduct).toMatchObject({ UsedTieredProducts: false, Price: 149 });
  });
});
