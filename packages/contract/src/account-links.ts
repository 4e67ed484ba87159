import { BrowserNonceSchema, EmailInviteRequestSchema } from './account.js';

/** Adding an email address to the signed-in account: an email invite that the asking browser alone can spend. */
export const LinkEmailRequestSchema = EmailInviteRequestSchema.extend({
  BrowserNonce: BrowserNonceSchema.describe('A random value this browser keeps: only it can open the link'),
}).meta({ id: 'LinkEmailRequest' });
