import type { OrderPersonalInfo } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { ExpiredTokenError, InvalidTokenError, NotFoundError, ServiceUnavailableError } from '../../errors.js';
import { portalRouteUrl } from '../../http/portal-urls.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import { findAccount } from '../accounts/accounts-service.js';
import { consumeTempToken } from '../auth/temp-tokens.js';
import * as links from './order-links-repository.js';
import { purchaseStats, toOrder } from './orders-presenter.js';
import * as repo from './orders-repository.js';
import { createPayment, personalInfoRequirements } from './orders-service.js';
import { savePersonalInfo, storedPersonalInfo } from './personal-info-service.js';

/** The personal-info step of a redirect checkout is done in one sitting. */
export const CONTINUE_PI_TTL_MS = 30 * 60 * 1000;
/** The return page may be reopened for a week (a provider's own return can take days for slow methods). */
export const MERCHANT_RETURN_TTL_MS = 7 * 24 * 3600 * 1000;

export interface RedirectPaymentInput {
  Game: string;
  Sku: string;
  Token: string;
  WebPublishingPlatform: Parameters<typeof createPayment>[2]['WebPublishingPlatform'];
  Currency?: string | undefined;
  DeveloperPayload?: string | undefined;
  ProductNameHint?: string | undefined;
  ProductDescriptionHint?: string | undefined;
}

/**
 * GET /store/create_payment_with_redirect: a page without a session (a launcher, a
 * platform's new tab) starts a checkout with a temp token, which is consumed here, so
 * the URL is worthless once followed. The provider returns the player to
 * /Store/MerchantPaymentCompleted/{token}; an account without an email is first sent to
 * /Store/ContinueWithPI. Returns where to redirect.
 */
export async function createPaymentWithRedirect(ctx: AppContext, input: RedirectPaymentInput): Promise<string> {
  const accountId = await ctx.db
    .transaction()
    .execute(async (trx) => (await consumeTempToken(ctx, trx, input.Token)).account_id);
  const returnToken = newSecretToken();
  const created = await createPayment(
    ctx,
    accountId,
    {
      Game: input.Game,
      Sku: input.Sku,
      WebPublishingPlatform: input.WebPublishingPlatform,
      EmbeddingType: 'Redirect',
      Currency: input.Currency,
      ProductNameHint: input.ProductNameHint,
      ProductDescriptionHint: input.ProductDescriptionHint,
      ...(input.DeveloperPayload ? { DeveloperPayload: { MerchantDeveloperPayload: input.DeveloperPayload } } : {}),
    },
    {
      returnUrl: () => portalRouteUrl(ctx.config, `Store/MerchantPaymentCompleted/${returnToken}`),
      onCreated: (trx, order) =>
        links.insertOrderLink(trx, {
          token_hash: hashToken(returnToken),
          order_id: order.id,
          purpose: 'merchant_return',
          target_url: null,
          created_at: ctx.now(),
          expires_at: ctx.now() + MERCHANT_RETURN_TTL_MS,
        }),
    },
  );
  if (!created.ConfirmationUrl) throw new ServiceUnavailableError('The payment provider');
  if (!created.PersonalInfoRequirements.Email.Required) return created.ConfirmationUrl;

  const order = await repo.findOrderByPublicId(ctx.db, created.TransactionId);
  if (!order) throw new NotFoundError('Order');
  const continueToken = newSecretToken();
  await links.insertOrderLink(ctx.db, {
    token_hash: hashToken(continueToken),
    order_id: order.id,
    purpose: 'continue_pi',
    target_url: created.ConfirmationUrl,
    created_at: ctx.now(),
    expires_at: ctx.now() + CONTINUE_PI_TTL_MS,
  });
  return portalRouteUrl(ctx.config, `Store/ContinueWithPI?Token=${continueToken}`);
}

/** The live link of a token, or 400 invalid_token / expired_token. */
async function requireLink(ctx: AppContext, token: string, purpose: links.OrderLinkPurpose) {
  const hash = hashToken(token);
  const { state, row } = await links.inspectLink(ctx.db, hash, ctx.now());
  if (row?.purpose !== purpose) throw new InvalidTokenError('order link');
  if (state === 'live') return row;
  if (state === 'expired') throw new ExpiredTokenError('order link');
  throw new InvalidTokenError('order link');
}

async function presentLinkedOrder(ctx: AppContext, orderId: string) {
  const order = await repo.findOrderById(ctx.db, orderId);
  if (!order) throw new NotFoundError('Order');
  const game = await ctx.catalog.systemNameOf(order.game_id);
  return { order, game, presented: toOrder(order, await repo.listOrderProducts(ctx.db, order.id), game) };
}

/**
 * POST /store/continue_redirect_with_pi. Without personal info it only reads (the page
 * prefills its form); with it, the info is saved, the single-use token consumed, and
 * the checkout's address returned, all or nothing.
 */
export async function continueRedirectWithPi(ctx: AppContext, token: string, info: OrderPersonalInfo | undefined) {
  const link = await requireLink(ctx, token, 'continue_pi');
  let { order } = await presentLinkedOrder(ctx, link.order_id);
  if (info) {
    order = await ctx.db.transaction().execute(async (trx) => {
      if (!(await links.spendLink(trx, link.token_hash, 'continue_pi', ctx.now()))) {
        throw new InvalidTokenError('order link');
      }
      return savePersonalInfo(ctx, trx, order, info, 'body.OrderPersonalInfo');
    });
  }
  const account = await findAccount(ctx.db, order.account_id);
  return {
    Order: (await presentLinkedOrder(ctx, order.id)).presented,
    PersonalInfoRequirements: personalInfoRequirements(account?.email, order.pi_email),
    OrderPersonalInfo: storedPersonalInfo(order),
    RedirectUrl: info ? link.target_url : null,
  };
}

/**
 * POST /store/merchant_payment_completed: what the return page shows. Display only:
 * reaching the page proves nothing, and only the provider's signed notification pays.
 */
export async function merchantPaymentCompleted(ctx: AppContext, token: string) {
  const link = await requireLink(ctx, token, 'merchant_return');
  const { order, game, presented } = await presentLinkedOrder(ctx, link.order_id);
  return {
    TransactionId: order.public_id,
    Status: presented.CheckoutStatus,
    Order: presented,
    Stats: purchaseStats(order),
    ReturnUrl: portalRouteUrl(ctx.config, `play/${game}`),
  };
}
