import type { IncomingHttpHeaders } from 'node:http';
import { NotificationResponseSchema, PaymentProviderNameSchema } from '@fxid/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, WebhookSignatureError } from '../../errors.js';
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

/**
 * One notification as the endpoint takes it: verified and applied (handleNotification), then
 * fxid's JSON answer, or the provider's own answer for a provider that expects one, also for a
 * refusal. Throws what the error handler answers otherwise.
 */
async function takeNotification(
  ctx: AppContext,
  key: string,
  body: unknown,
  headers: IncomingHttpHeaders,
  sourceIp: string,
  log: FastifyBaseLogger,
): Promise<ProviderAnswer | { Received: true; Duplicate: boolean }> {
  const answers = ctx.payments.get(key)?.answers;
  try {
    if (!Buffer.isBuffer(body)) throw new WebhookSignatureError('no body');
    const result = await handleNotification(ctx, key, body, headers, sourceIp);
    log.info({ provider: key, duplicate: result.Duplicate }, 'payment notification');
    return answers ? answers.taken(body, result.Duplicate) : result;
  } catch (error) {
    const refusal = Buffer.isBuffer(body) ? answers?.refused(error, body) : undefined;
    if (!refusal) throw error;
    log.warn(
      { provider: key, status: refusal.status, reason: (error as Error).message },
      'payment notification refused',
    );
    return refusal;
  }
}

/** The media types the notification endpoint reads, without parameters: its content-type parser's, and the in-process path's. */
const NOTIFICATION_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

/**
 * An offline provider's notification (the sandbox's, a development fake's) to this server's own
 * endpoint, `path` being `{Provider}` or `{Provider}/{Account}`: taken as the endpoint takes one
 * from outside (the same provider lookup, the signature verified on the same raw bytes, the same
 * transaction, the same answers and statuses), but without a pass through Fastify's HTTP pipeline
 * (light-my-request built a request and a reply and ran every hook for it, about a tenth of an
 * order's CPU). The peer is the loopback address an in-process request has. Returns the status.
 */
export function notifyOwnEndpoint(ctx: AppContext, log: FastifyBaseLogger) {
  return async (path: string, payload: string, headers: Record<string, string>): Promise<number> => {
    const [provider = '', account, ...rest] = path.split('/');
    const lowered: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
    const type = lowered['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
    // In the order Fastify checks them: the route, the body's type and size, the path's parameters.
    if (provider === '' || account === '' || rest.length > 0) return 404;
    if (!NOTIFICATION_TYPES.has(type)) return 415;
    const body = Buffer.from(payload);
    if (body.length > NOTIFICATION_BODY_LIMIT) return 413;
    if (!PaymentProviderNameSchema.safeParse(provider).success) return 400;
    if (account !== undefined && !PaymentAccountNameSchema.safeParse(account).success) return 400;
    const sourceIp = notificationSourceIp('127.0.0.1', lowered, ctx.config.trustProxy);
    try {
      const answer = await takeNotification(ctx, providerKey(provider, account), body, lowered, sourceIp, log);
      return 'status' in answer ? answer.status : 200;
    } catch (error) {
      const status = error instanceof AppError ? error.status : 500;
      if (status >= 500) log.error({ err: error }, 'in-process payment notification failed');
      return status;
    }
  };
}

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
      [...NOTIFICATION_TYPES],
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
      const sourceIp = notificationSourceIp(request.socket.remoteAddress, request.headers, ctx.config.trustProxy);
      const answer = await takeNotification(ctx, key, request.body, request.headers, sourceIp, request.log);
      return 'status' in answer ? sendAnswer(reply, answer) : answer;
    };
    app.post('/store/webhooks/:Provider', { schema: schema(false) }, handler);
    app.post('/store/webhooks/:Provider/:Account', { schema: schema(true) }, handler);
  };
}
