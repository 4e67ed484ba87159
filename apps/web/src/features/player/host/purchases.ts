import type { Purchase } from '@fxid/sdk';
import { SdkError } from '@fxid/sdk/host';
import type { GamePurchaseData } from '../../../entities/purchase/api/purchases';
import { ProblemError } from '../../../shared/api/problem';

/** A purchase as the API lists it, in the SDK's shape (absent rather than null). */
export function toSdkPurchase(purchase: GamePurchaseData): Purchase {
  const { currency, currencyAmount, usdAmount } = purchase.Stats;
  return {
    transactionId: purchase.TransactionId,
    stats: { currency, currencyAmount, ...(usdAmount === null ? {} : { usdAmount }) },
    sku: purchase.Sku,
    productType: purchase.ProductType,
    products: purchase.Products.map((product) => ({
      sku: product.Sku,
      quantity: product.Quantity,
      ...(product.Payload === null ? {} : { payload: product.Payload }),
    })),
    ...(purchase.DeveloperPayload === null ? {} : { developerPayload: purchase.DeveloperPayload }),
    purchasedAt: purchase.PurchasedAt,
  };
}

/**
 * A failed purchases call as the game sees it: the server's stable ErrorCode
 * (`purchase_already_consumed`, `not_found`, …) becomes the SdkError code.
 */
export function toSdkError(error: unknown): unknown {
  if (!(error instanceof ProblemError)) return error;
  const code = error.status === 401 ? 'guest' : (error.problem.ErrorCode ?? 'handler_failed');
  return new SdkError(code, error.problem.detail || error.problem.title);
}
