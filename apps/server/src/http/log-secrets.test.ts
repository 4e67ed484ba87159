import { accountLookupProofText } from '@fxid/contract';
import { expect, it } from 'vitest';
import { DEV_GAME_SECRET } from '../config.js';
import { signGameServerProof } from '../lib/game-server-proof.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../modules/store/providers/sandbox/sandbox-config.js';
import { useTestApp } from '../test/app.js';
import { describeEachEngine } from '../test/databases.js';
import { bearer, latestInviteToken, requestLink, TEST_BROWSER_NONCE } from '../test/sign-in.js';
import { checkoutIdOf, choose, createPayment, paymentForm, useGameServer } from '../test/store.js';

/**
 * security.md §12 row 50: the sign-in and purchase flows run at `trace`, the most the
 * server ever logs, and no credential, address or secret shows up in a log line.
 */
describeEachEngine('logs at trace level', (engine) => {
  const game = useGameServer('sky-runner');
  const testApp = useTestApp(engine, { logLevel: 'trace', store: game.store });

  it('row 50: carry no token, email, checkout id or secret through sign-in and a purchase', async () => {
    const { app, database, logs, clock } = testApp();
    const email = 'Secret.Player@example.com';
    const secrets: string[] = [
      email,
      email.toLowerCase(),
      TEST_BROWSER_NONCE,
      DEV_GAME_SECRET,
      DEV_SANDBOX_WEBHOOK_SECRET,
    ];

    // Sign-in by link, as the browser that asked for it, then the page the link opens.
    expect((await requestLink(app, email)).statusCode).toBe(200);
    const inviteToken = await latestInviteToken(database.handle.db, email);
    secrets.push(inviteToken);
    await app.inject({ method: 'GET', url: `/LoginValidateEmail?inviteToken=${inviteToken}` });
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/email_invite_details',
      payload: { InviteToken: inviteToken },
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_email_invite',
      payload: { InviteToken: inviteToken, BrowserNonce: TEST_BROWSER_NONCE },
    });
    const session: string = signedIn.json().Token;
    secrets.push(session);
    await app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(session), payload: {} });

    // A temp token carried to another page.
    const temp = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/create_temp_token',
      headers: bearer(session),
      payload: { RedirectUri: '/Profile' },
    });
    const tempToken: string = temp.json().TempToken;
    secrets.push(tempToken);
    await app.inject({ method: 'GET', url: `/LoginWithTempToken?token=${tempToken}` });
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_temp_token',
      payload: { TempToken: tempToken },
    });

    // The game server asks whether the address has an account: the address is in the path.
    const iat = Math.floor(clock.now / 1000);
    const proof = signGameServerProof(
      DEV_GAME_SECRET,
      (t) => accountLookupProofText('sky-runner', 'Email', email, t),
      iat,
    );
    secrets.push(proof.split('.')[2] ?? proof);
    const lookup = await app.inject({
      method: 'GET',
      url: `/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Email/${encodeURIComponent(email)}`,
      headers: { 'x-fxid-proof': proof },
    });
    expect(lookup.json()).toEqual({ Exists: true });

    // A purchase through the sandbox's card form: its checkout id is the form's only credential.
    const created = await createPayment(app, session, 'sky-runner', 'stars_550');
    const checkoutId = checkoutIdOf(created);
    secrets.push(checkoutId);
    await app.inject({ method: 'GET', url: `/${checkoutId}` });
    expect((await paymentForm(app, checkoutId)).statusCode).toBe(200);
    expect((await choose(app, checkoutId, 'Pay')).statusCode).toBe(200);
    expect(await app.runOutbox()).toMatchObject({ failed: 0 });
    expect(await app.runOutbox()).toMatchObject({ failed: 0 });
    expect(game.server().received.length).toBeGreaterThan(0);
    await app.inject({ method: 'GET', url: `/api/v1/auth/logout`, headers: bearer(session) });

    const text = JSON.stringify(logs);
    // The test would prove nothing if nothing was logged at all.
    expect(logs.length).toBeGreaterThan(20);
    expect(text).toContain('/api/v1/store/payment_form/');
    for (const secret of secrets) {
      for (const form of new Set([secret, encodeURIComponent(secret)])) {
        expect(text, `a log line carries ${form}`).not.toContain(form);
      }
    }
  });
});
