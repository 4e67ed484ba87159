import { EmailInviteResponseSchema, LinkEmailRequestSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { AccountHasEmailError } from '../../errors.js';
import { accountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { getAccount } from '../accounts/profile-service.js';
import { requestEmailInvite } from './email-sign-in.js';

/** A signed-in player adds an email address to the account: a mailed link proves it. */
export function emailLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/link_email', {
      config: { auth: 'bearer', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: "Mails a link that adds an email address to the player's account (after a robot check)",
        description:
          'The link (LoginValidateEmail, 10 minutes, once) works only in the browser that asked (BrowserNonce is ' +
          'required; no confirmation elsewhere), and then adds the address to this account and signs in to it. An ' +
          'address another account has is refused then with 409 `identity_taken`; an account that has an address ' +
          'already is refused now with 409 `conflict`.',
        body: LinkEmailRequestSchema,
        response: { 200: EmailInviteResponseSchema, ...problemResponses(400, 401, 404, 409, 429, 503) },
      },
      handler: async (request) => {
        const accountId = accountOf(request);
        if ((await getAccount(ctx, accountId)).Email) throw new AccountHasEmailError();
        const body = request.body;
        await requestEmailInvite(
          ctx,
          {
            email: body.Email,
            captchaResult: body.CaptchaResult,
            gameSystemName: body.GameSystemName,
            redirectUri: body.RedirectUri,
            locale: body.Locale,
            browserNonce: body.BrowserNonce,
            userAgent: request.headers['user-agent'],
            linkAccountId: accountId,
          },
          request.ip,
        );
        return { Success: true as const };
      },
    });
  };
}
