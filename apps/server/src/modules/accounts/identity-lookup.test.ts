import { accountLookupProofText, SocialIdentifierTypeSchema } from '@fxid/contract';
import { expect, it } from 'vitest';
import { DEV_GAME_SECRET } from '../../config.js';
import { signGameServerProof } from '../../lib/game-server-proof.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn } from '../../test/sign-in.js';
import { insertSocialIdentifier } from './accounts-repository.js';

/** check_account_exists_by_social_identifier finds an account by each of the spec's 28 identity types. */
describeEachEngine('account lookup by every identity type', (engine) => {
  const testApp = useTestApp(engine);

  it('finds every type the account holds, for its holder and for the game server with its proof', async () => {
    const { app, database, clock } = testApp();
    const db = database.handle.db;
    const bearer = await signIn(app, db, 'every-type@example.com');
    const accountId = (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('email_normalized', '=', 'every-type@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const types = SocialIdentifierTypeSchema.options.filter((type) => type !== 'Email');
    for (const type of types)
      await insertSocialIdentifier(db, accountId, { type, identifier: `id-of-${type}` }, clock.now);
    const iat = Math.floor(clock.now / 1000);
    for (const type of SocialIdentifierTypeSchema.options) {
      const id = type === 'Email' ? 'every-type@example.com' : `id-of-${type}`;
      const url = `/api/v1/info/check_account_exists_by_social_identifier/sky-runner/${type}/${encodeURIComponent(id)}`;
      const holder = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
      expect([type, holder.json()]).toEqual([type, { Exists: true }]);
      const proof = signGameServerProof(DEV_GAME_SECRET, (t) => accountLookupProofText('sky-runner', type, id, t), iat);
      const server = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-fxid-proof': proof },
        remoteAddress: '10.12.0.1',
      });
      expect([type, server.json()]).toEqual([type, { Exists: true }]);
      const otherId = `${url}-not-held`;
      const missing = signGameServerProof(
        DEV_GAME_SECRET,
        (t) => accountLookupProofText('sky-runner', type, `${id}-not-held`, t),
        iat,
      );
      const none = await app.inject({
        method: 'GET',
        url: otherId,
        headers: { 'x-fxid-proof': missing },
        remoteAddress: '10.12.0.2',
      });
      expect([type, none.json()]).toEqual([type, { Exists: false }]);
    }
  });
});
