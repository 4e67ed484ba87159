import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../shared/api/problem';
import { toSdkError, toSdkPurchase } from './purchases';

describe('purchases given to the game', () => {
  it('turns the API purchase into the SDK shape, leaving out what is null', () => {
    expect(
      toSdkPurchase({
        TransactionId: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
        Sku: 'garden_bundle',
        ProductType: 'Consumable',
        Products: [
          { Sku: 'garden_bundle', Quantity: 1, Payload: null },
          { Sku: 'gems_50', Quantity: 1, Payload: 'gems:50' },
        ],
        DeveloperPayload: null,
        Stats: { currency: 'EUR', currencyAmount: 4.49, usdAmount: null },
        PurchasedAt: '2026-11-23T12:00:00.000Z',
      }),
    ).toEqual({
      transactionId: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
      stats: { currency: 'EUR', currencyAmount: 4.49 },
      sku: 'garden_bundle',
      productType: 'Consumable',
      products: [
        { sku: 'garden_bundle', quantity: 1 },
        { sku: 'gems_50', quantity: 1, payload: 'gems:50' },
      ],
      purchasedAt: '2026-11-23T12:00:00.000Z',
    });
  });

  it("gives the game the server's stable error code", () => {
    const problem = (status: number, ErrorCode: string) =>
      new ProblemError({ type: `urn:fxid:error:${ErrorCode}`, title: 't', status, detail: 'd', ErrorCode });
    expect(toSdkError(problem(409, 'purchase_already_consumed'))).toMatchObject({
      code: 'purchase_already_consumed',
      message: 'd',
    });
    expect(toSdkError(problem(401, 'unauthorized'))).toMatchObject({ code: 'guest' });
    expect(toSdkError(problem(404, 'not_found'))).toMatchObject({ code: 'not_found' });
  });
});
