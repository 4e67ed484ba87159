import { NotificationResponseSchema, PaymentProviderNameSchema } from '@fxid/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { WebhookSignatureError } from '../../errors.js';
import { problemResponses } from '../../http/responses.js';
import { PaymentAccountNameSchema } from '../catalog/catalog-schema.js';
import { notificationSourceIp } from './notification-source.js';
import { handleNotification } from './payment-notifications.js';
import type { ProviderAnswer } from './providers/payment-provider.js';
import { providerKey } from './providers/provider-key.js';
import { PAYMENT_PROVIDERS } from './providers/registry.js';

/** A provider's own error answer (Xsolla's `{"error":{"code","message"}}`), for a provider that expects one. */
const ProviderRefusalSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** A provider's own answer: JSON (or nothing), or text in the provider's format, bypassing the JSON schemas. */
function sendAnswer(reply: FastifyReply, answer: ProviderAnswer) {
  reply.code(answer.status);
  if (answer.contentType)
    return reply
      .type(answer.contentType)
      .serializer(String)
      .send(answer.body as never);
  return reply.send((answer.body ?? null) as never);
}

/** Provider notifications are small; anything larger is refused before it is read. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/** The notification endpoint, every configured provider's own routes (its checkout page's API), and every provider's API routes. */
export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(paymentWebhookRoutes(ctx));
    // Each in a scope of its own, away from the webhook's raw-body parser.
    for (const { routes } of ctx.payments.configured) if (routes) await app.register(routes(ctx));
    for (const { apiRoutes } of Object.values(PAYMENT_PROVIDERS)) if (apiRoutes) await app.register(apiRoutes(ctx));
  };
}

/**
 * Where providers notify fxid. The body is kept as the raw bytes received, because
 * signatures are over exactly those bytes (security.md §0.1).
 */
export function paymentWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    // JSON, and the forms some providers post (Money.Mail.Ru): kept as bytes either way.
    app.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    const schema = (account: boolean) => ({
      tags: ['store'],
      summary: account
        ? "A payment provider's signed notification, for a PAYMENT_ACCOUNTS entry's credentials"
        : "A payment provider's signed notification",
      description:
        'The body is verified as received (signature, timestamp within 300 s) and taken once per provider event id.' +
        (account ? " It is verified with the account's credentials (the `…__ACCOUNT` variables)." : ''),
      params: account
        ? z.object({ Provider: PaymentProviderNameSchema, Account: PaymentAccountNameSchema })
        : z.object({ Provider: PaymentProviderNameSchema }),
      response: {
        200: NotificationResponseSchema.describe(
          "fxid's answer; a provider with its own format gets that instead (Money.Mail.Ru: text/plain `item_number=…` and `status=ACCEPTED`, or `status=REJECTED` with `code=S000n`)",
        ),
        204: z.null().describe('Taken, for a provider that expects no body (Xsolla)'),
        ...problemResponses(400, 403, 404, 413, 415),
        401: ProviderRefusalSchema,
        422: ProviderRefusalSchema,
      },
    });
    const handler = async (
      request: FastifyRequest<{ Params: { Provider: string; Account?: string } }>,
      reply: FastifyReply,
    ) => {
      const key = providerKey(request.params.Provider, request.params.Account);
      const answers = ctx.payments.get(key)?.answers;
      try {
        if (!Buffer.isBuffer(request.body)) throw new WebhookSignatureError('no body');
        const result = await handleNotification(
          ctx,
          key,
          request.body,
          request.headers,
          notificationSourceIp(request.socket.remoteAddress, request.headers, ctx.config.trustProxy),
        );
        request.log.info({ provider: key, duplicate: result.Duplicate }, 'payment notification');
        return answers ? sendAnswer(reply, answers.taken(request.body, result.Duplicate)) : result;
      } catch (error) {
        const refusal = Buffer.isBuffer(request.body) ? answers?.refused(error, request.body) : undefined;
        if (!refusal) throw error;
        request.log.warn(
          { provider: key, status: refusal.status, reason: (error as Error).message },
          'payment notification refused',
        );
        return sendAnswer(reply, refusal);
      }
    };
    app.post('/store/webhooks/:Provider', { schema: schema(false) }, handler);
    app.post('/store/webhooks/:Provider/:Account', { schema: schema(true) }, handler);
  };
}
