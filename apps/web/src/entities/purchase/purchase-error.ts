/**
 * Codes a purchase rejects with; they reach the game unchanged as SdkError codes.
 * `guest`: the player did not sign in; `cancelled`: they closed or abandoned the
 * checkout, or closed the personal-info modal;
 * `payment_not_completed`: the provider declined the payment;
 * `timeout`: no payment within 180 s;
 * `product_already_owned`: a one-time product the player has (the server's ErrorCode);
 * `purchase_in_progress`: another checkout of the same one-time product is open.
 */
export type PurchaseErrorCode =
  | 'guest'
  | 'cancelled'
  | 'payment_not_completed'
  | 'timeout'
  | 'product_already_owned'
  | 'purchase_in_progress'
  | 'unsupported'
  | 'invalid_request'
  | 'not_available'
  | 'handler_failed';

/** Exact texts from the spec (store §8, payment messages). */
export const purchaseMessages = {
  notAuthorized: 'Not authorized',
  closed: 'User closed payment window',
  notCompleted: 'Payment not completed',
  unsupportedMethod: 'Unsupported payment method for FxId web',
  emailInputCancelled: 'Email input cancelled',
  stripeMissing: 'Stripe not in result',
  noXsollaWidget: 'No Xsolla widget in window!',
  noYookassaData: 'No data for Yookassa payment',
  unknownError: 'Unknown error',
  /** Money.Mail.Ru's window reported payError (or a message it could not read). */
  moneyMailRuPayError: 'Money.Mail.Ru payment failed',
  /** Money.Mail.Ru's window asked to be reloaded (refreshWindow). */
  moneyMailRuRefresh: 'Money.Mail.Ru asked to reload the payment window',
};

/** Why a purchase did not complete; `code` is stable, `message` is for logs. */
export class PurchaseError extends Error {
  constructor(
    readonly code: PurchaseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PurchaseError';
  }
}
