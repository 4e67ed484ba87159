import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { NotFoundError, PlatformAuthError, PlatformWebhookAuthError, ValidationError } from '../../../errors.js';
import { problemResponses } from '../../../http/responses.js';
import { equalInConstantTime } from '../../../lib/constant-time.js';
import { forgetIdentity } from '../../accounts/identity-service.js';
import { findProduct } from '../../catalog/products-service.js';
import { requireGameOnPlatform } from '../../store/store-front-service.js';
import { isPurchaseRefOf, issuePurchaseRef } from '../purchase-ref.js';
import { parsePairsOnce } from '../signing.js';
import { requireFbGamesApp } from './fbgames-apps.js';
import { renderProductOgPage } from './fbgames-og-page.js';
import { settleFbPayment } from './fbgames-payments.js';
import { fbGamesPriceOf, productOgUrl } from './fbgames-products.js';
import { verifyFbGamesUser } from './fbgames-signed.js';
import { hubSignatureValid } from './hub-signature.js';

/** Facebook's callbacks are small; a larger body is not Facebook's. */
const CALLBACK_BODY_LIMIT = 16 * 1024;
/** Data-deletion confirmation codes: a MAC'd nonce, so the status page answers only codes we gave. */
const DELETION_PREFIX = 'fbdel_';
const DELETION_SUBJECT = 'data-deletion';

const gameParams = z.object({ Game: GameSystemNameSchema });

/**
 * What Facebook calls for a game on Facebook Games (platform-protocols.md §12, security.md §4a):
 * the canvas page load, the deauthorize and data-deletion callbacks (each a signed_request in a
 * form), the products' Open Graph pages, and the payments webhook (signed with
 * X-Hub-Signature-256 over the raw body), each payment then looked up on the Graph API.
 */
export function fbGamesCallbackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const game = (name: string) => requireGameOnPlatform(ctx, name, 'FacebookGames');
  /** The signed_request of a Facebook form post (Facebook's own field name, or the spec's SignedRequest). */
  const formSignedRequest = (body: unknown) => {
    const parsed = parsePairsOnce(String(body ?? ''));
    if (!parsed.ok) throw new PlatformAuthError('platform_sign_invalid', 'FacebookGames', 'duplicate_key');
    const signed = parsed.pairs.get('signed_request') ?? parsed.pairs.get('SignedRequest');
    if (!signed) {
      throw new ValidationError([{ Field: 'body.signed_request', Message: 'signed_request is required' }]);
    }
    return { signed, locale: parsed.pairs.get('fb_locale') ?? parsed.pairs.get('FbLocale') };
  };

  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // The webhook's HMAC is over the bytes as sent: keep them.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post('/auth/authenticate_from_facebook_games/:Game', {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "The game's Facebook canvas page: Facebook posts the signed_request here, the player page follows",
        description:
          "Set the app's canvas URL to {PUBLIC_URL}/api/v1/auth/authenticate_from_facebook_games/{Game}. Facebook loads it " +
          'with a POST form (signed_request and fb_locale; FbLocale and SignedRequest are accepted too). The signed_request ' +
          "is checked with the game's app secret (401 platform_sign_invalid, platform_payload_expired when stale); a " +
          "valid one answers 303 to the player page, whose portal signs in with the JS SDK's signed_request " +
          '(POST /auth/authenticate_from_social, FacebookGamesLogin). A single-page portal cannot take a POST itself.',
        params: gameParams,
        response: problemResponses(400, 401, 404, 503),
      },
      handler: async (request, reply) => {
        const found = await game(request.params.Game);
        const { signed, locale } = formSignedRequest(request.body);
        verifyFbGamesUser(ctx, found, signed, { fresh: true });
        const base = ctx.config.portal.routerBasePath;
        // The portal's adapter initialises Facebook's JS SDK with the app id; the language follows fb_locale.
        const query = new URLSearchParams({ app_id: requireFbGamesApp(ctx, found).appId });
        const lang = locale?.split('_')[0]?.toLowerCase();
        if (lang && /^[a-z]{2}$/.test(lang)) query.set('lang', lang);
        const name = encodeURIComponent(found.definition.GameSystemName);
        return reply.redirect(`${base}play/${name}/iframe/fbgames?${query}`, 303);
      },
    });

    app.post('/platforms/fbgames/deauthorize/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "Facebook's deauthorize callback: a player removed the game's app",
        description:
          'A signed_request form post (checked with the app secret; 401 platform_sign_invalid). Answers 200; the ' +
          "account keeps its Facebook identity, so the player finds it again on coming back (Facebook's data-deletion " +
          'callback is the one that removes it).',
        params: gameParams,
        response: { 200: z.object({ Received: z.literal(true) }), ...problemResponses(400, 401, 404, 503) },
      },
      handler: async (request) => {
        const found = await game(request.params.Game);
        const { userId } = verifyFbGamesUser(ctx, found, formSignedRequest(request.body).signed, { fresh: false });
        request.log.info({ game: request.params.Game, userId }, 'Facebook user deauthorized the app');
        return { Received: true as const };
      },
    });

    app.post('/platforms/fbgames/data-deletion/:Game', {
      schema: {
        tags: ['platforms'],
        summary:
          "Facebook's data-deletion callback: forgets the Facebook identity and answers Facebook's { url, confirmation_code }",
        description:
          'A signed_request form post (401 platform_sign_invalid when it does not verify). The account loses its ' +
          'FacebookGames identity at once (the account, its orders and other identities stay); the answer is ' +
          "Facebook's expected JSON: url (a status page) and confirmation_code.",
        params: gameParams,
        response: {
          200: z.object({ url: z.url(), confirmation_code: z.string() }),
          ...problemResponses(400, 401, 404, 503),
        },
      },
      handler: async (request) => {
        const found = await game(request.params.Game);
        const { userId } = verifyFbGamesUser(ctx, found, formSignedRequest(request.body).signed, { fresh: false });
        await forgetIdentity(ctx.db, 'FacebookGames', userId);
        const code = issuePurchaseRef(
          DELETION_PREFIX,
          requireFbGamesApp(ctx, found).secrets,
          found.id,
          DELETION_SUBJECT,
        );
        const name = encodeURIComponent(found.definition.GameSystemName);
        return {
          url: `${ctx.config.publicUrl}/api/v1/platforms/fbgames/data-deletion/${name}/${code}`,
          confirmation_code: code,
        };
      },
    });

    app.get('/platforms/fbgames/data-deletion/:Game/:Code', {
      schema: {
        tags: ['platforms'],
        summary: 'The status of a Facebook data-deletion request (the url answered to Facebook)',
        params: gameParams.extend({ Code: z.string().max(64) }),
        response: {
          200: z.object({ ConfirmationCode: z.string(), Status: z.literal('Completed') }),
          ...problemResponses(404, 503),
        },
      },
      handler: async (request) => {
        const found = await game(request.params.Game);
        const { secrets } = requireFbGamesApp(ctx, found);
        if (!isPurchaseRefOf(DELETION_PREFIX, secrets, found.id, DELETION_SUBJECT, request.params.Code)) {
          throw new NotFoundError('Data-deletion request');
        }
        // Deletion happens while Facebook waits for the callback's answer: every valid code is done.
        return { ConfirmationCode: request.params.Code, Status: 'Completed' as const };
      },
    });

    app.get('/platforms/fbgames/og/:Game/:Sku', {
      schema: {
        tags: ['platforms'],
        summary: "A product's Open Graph page (og:product), which Facebook's pay dialog buys",
        params: gameParams.extend({ Sku: z.string().min(1).max(64) }),
      },
      handler: async (request, reply) => {
        const found = await game(request.params.Game);
        const product = await findProduct(ctx.db, found.id, request.params.Sku);
        const cents = product && fbGamesPriceOf(product);
        if (!product || cents === undefined) throw new NotFoundError('Product on Facebook Games');
        const html = renderProductOgPage(found, product, productOgUrl(ctx, found, product.row.sku), cents);
        return reply.type('text/html; charset=utf-8').send(html);
      },
    });

    app.get('/platforms/fbgames/payments/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "Facebook's payments webhook subscription check: echoes hub.challenge for our verify token",
        params: gameParams,
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().max(256).optional(),
        }),
      },
      handler: async (request, reply) => {
        await game(request.params.Game);
        const expected = ctx.config.platforms.fbgames?.webhookVerifyToken;
        const query = request.query;
        const given = query['hub.verify_token'] ?? '';
        if (query['hub.mode'] !== 'subscribe' || !expected || !equalInConstantTime(given, expected)) {
          throw new PlatformWebhookAuthError('FacebookGames');
        }
        return reply.type('text/plain').send(query['hub.challenge'] ?? '');
      },
    });

    app.post('/platforms/fbgames/payments/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "Facebook's payments webhook (Realtime Updates), each payment looked up on the Graph API",
        description:
          'Signed by Facebook with X-Hub-Signature-256: sha256=hex(HMAC-SHA256(app secret, raw body)); a missing or bad ' +
          'one is 401 platform_webhook_unauthorized and nothing is read. Each entry names a payment id, which the Graph ' +
          "API describes (the webhook carries no amounts): a completed charge for one of our products' Open Graph pages, " +
          "whose request_id is a reference issued to the paying Facebook user's account, pays that order once; a completed " +
          'refund or chargeback refunds it once. 503 when the Graph API does not answer (Facebook retries).',
        params: gameParams,
        response: {
          200: z.object({ Received: z.literal(true), Outcomes: z.array(z.string()) }),
          ...problemResponses(400, 401, 404, 503),
        },
      },
      handler: async (request) => {
        const found = await game(request.params.Game);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        if (!hubSignatureValid(raw, typeof header === 'string' ? header : '', requireFbGamesApp(ctx, found).secrets)) {
          throw new PlatformWebhookAuthError('FacebookGames');
        }
        const event = parseWebhook(raw);
        const outcomes: string[] = [];
        for (const paymentId of event) {
          const settled = await settleFbPayment(ctx, found, paymentId);
          request.log.info({ game: request.params.Game, paymentId, ...settled }, 'Facebook payment update');
          outcomes.push(settled.outcome === 'refused' ? `refused:${settled.reason}` : settled.outcome);
        }
        return { Received: true as const, Outcomes: outcomes };
      },
    });
  };
}

/** The payment ids of a payments webhook body; anything else is a 400. */
function parseWebhook(raw: Buffer): string[] {
  const schema = z.object({
    object: z.literal('payments'),
    entry: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String) })).max(50),
  });
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data.entry.some((entry) => !/^\d{1,32}$/.test(entry.id))) {
    throw new ValidationError([{ Field: 'body', Message: 'Expected a payments webhook: {object, entry[{id}]}' }]);
  }
  return parsed.data.entry.map((entry) => entry.id);
}
