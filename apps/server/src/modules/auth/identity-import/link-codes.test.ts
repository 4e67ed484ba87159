import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { post as postFrom } from '../../../test/connect-invites.js';
import { describeEachEngine } from '../../../test/databases.js';
import { bearer, signIn as signInByEmail } from '../../../test/sign-in.js';
import { insertSocialIdentifier } from '../../accounts/accounts-repository.js';
import { signInWithVk, TEST_VK_CONFIG, vkLaunchQuery } from '../../platforms/vk/vk-test-support.js';

describeEachEngine('Link codes: a platform identity from a game added to the web account', (engine) => {
  const getApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkcom: TEST_VK_CONFIG } });
  const post = (url: string, payload: object, token?: string) =>
    postFrom(getApp().app, url, payload, token ? bearer(token) : {});
  const onVk = async (vkId: string) =>
    (await signInWithVk(getApp().app, vkLaunchQuery(vkId, getApp().clock.now))).json() as {
      Token: string;
      AccountId: string;
    };
  const byEmail = async (email: string) => {
    const token = await signInByEmail(getApp().app, getApp().database.handle.db, email);
    return { Token: token, AccountId: (await post('/profile', {}, token)).json().AccountId as string };
  };
  const codeFor = async (bearer: string, vkId: string) =>
    (
      await post('/auth/create_link_code', { SocialIdentifierType: 'VkontakteCom', SocialIdentifier: vkId }, bearer)
    ).json().LinkCode as string;
  const redeem = (bearer: string, LinkCode: string) =>
    post('/auth/link_from_code', { LinkCode, Confirmed: true }, bearer);
  const transfers = () => getApp().database.handle.db.selectFrom('identity_transfers').selectAll().execute();

  it('adds the VK identity of a VK-only account to the web account, once, with an audit record', async () => {
    const vk = await onVk('770001');
    const web = await byEmail('linker@example.com');
    const made = await post(
      '/auth/create_link_code',
      { SocialIdentifierType: 'VkontakteCom', SocialIdentifier: '770001' },
      vk.Token,
    );
    expect(made.statusCode).toBe(200);
    expect(made.json().LinkCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(made.json().ExpiresAt).toBe(new Date(TEST_START + 10 * 60_000).toISOString());
    // Typed by hand: lower case, without the dash.
    const typed = made.json().LinkCode.replace('-', ' ').toLowerCase();
    const details = await post('/auth/link_code_details', { LinkCode: typed }, web.Token);
    expect(details.json()).toEqual({ SocialIdentifierType: 'VkontakteCom', SocialIdentifier: '770001' });
    const linked = await redeem(web.Token, typed);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().SocialIdentifiers).toEqual([
      { Type: 'Email', Id: 'linker@example.com' },
      { Type: 'VkontakteCom', Id: '770001' },
    ]);
    // VK now signs in to the web account; the account made for VK is left without it.
    expect((await onVk('770001')).AccountId).toBe(web.AccountId);
    expect((await post('/profile', {}, vk.Token)).json().SocialIdentifiers).toEqual([]);
    expect(await transfers()).toContainEqual(
      expect.objectContaining({
        identity_type: 'VkontakteCom',
        identity_id: '770001',
        from_account_id: vk.AccountId,
        to_account_id: web.AccountId,
      }),
    );
    // Replayed: spent.
    expect((await redeem(web.Token, made.json().LinkCode)).json().ErrorCode).toBe('invalid_token');
  });

  it('moves the identity off a web account that has another way in, leaving that one', async () => {
    const first = await byEmail('first@example.com');
    await post(
      '/auth/link_social',
      {
        Social: 'VkontakteCom',
        Game: 'sky-runner',
        VkontakteComLogin: { QueryString: vkLaunchQuery('770002', getApp().clock.now) },
      },
      first.Token,
    );
    const second = await byEmail('second@example.com');
    const code = await codeFor(first.Token, '770002');
    expect((await redeem(second.Token, code)).statusCode).toBe(200);
    expect((await post('/profile', {}, first.Token)).json().SocialIdentifiers).toEqual([
      { Type: 'Email', Id: 'first@example.com' },
    ]);
    expect((await onVk('770002')).AccountId).toBe(second.AccountId);
  });

  it('refuses, changing nothing: guessed, expired, own account, guest, Email, not held, unconfirmed, no session', async () => {
    const before = (await transfers()).length;
    const vk = await onVk('770003');
    const web = await byEmail('refused@example.com');
    // Guessed or forged codes, and an import token's namespace, are unknown.
    for (const guess of ['ABCDE-FGHJK', '0000000000', 'link-code:ABCDE']) {
      expect((await post('/auth/link_code_details', { LinkCode: guess }, web.Token)).json().ErrorCode).toBe(
        'invalid_token',
      );
      expect((await redeem(web.Token, guess)).json().ErrorCode).toBe('invalid_token');
    }
    const code = await codeFor(vk.Token, '770003');
    // Unconfirmed: refused by the schema.
    const unconfirmed = await post('/auth/link_from_code', { LinkCode: code, Confirmed: false }, web.Token);
    expect(unconfirmed.json().ErrorCode).toBe('validation_failed');
    // On the account that already holds it: a clear code, and the code stays usable.
    const own = await redeem(vk.Token, code);
    expect(own.statusCode).toBe(409);
    expect(own.json().ErrorCode).toBe('identity_already_on_account');
    expect((await post('/auth/link_code_details', { LinkCode: code }, vk.Token)).json().ErrorCode).toBe(
      'identity_already_on_account',
    );
    expect((await redeem('not-a-session', code)).statusCode).toBe(401);
    // Nobody makes a code for an identity that is not theirs; Email never moves; a guest is refused.
    const notMine = await post(
      '/auth/create_link_code',
      { SocialIdentifierType: 'VkontakteCom', SocialIdentifier: '770003' },
      web.Token,
    );
    expect(notMine.json().ErrorCode).toBe('not_found');
    const email = await post(
      '/auth/create_link_code',
      { SocialIdentifierType: 'Email', SocialIdentifier: 'refused@example.com' },
      web.Token,
    );
    expect(email.json().ErrorCode).toBe('validation_failed');
    await insertSocialIdentifier(
      getApp().database.handle.db,
      web.AccountId,
      { type: 'YandexGamesGuest', identifier: 'yg-1' },
      TEST_START,
    );
    const guest = await post(
      '/auth/create_link_code',
      { SocialIdentifierType: 'YandexGamesGuest', SocialIdentifier: 'yg-1' },
      web.Token,
    );
    expect(guest.statusCode).toBe(400);
    expect(guest.json().ErrorCode).toBe('guest_identity_not_linkable');
    // Past its 10 minutes.
    getApp().clock.now += 11 * 60_000;
    try {
      expect((await post('/auth/link_code_details', { LinkCode: code }, web.Token)).json().ErrorCode).toBe(
        'expired_token',
      );
      expect((await redeem(web.Token, code)).json().ErrorCode).toBe('expired_token');
    } finally {
      getApp().clock.now = TEST_START;
    }
    expect((await onVk('770003')).AccountId).toBe(vk.AccountId);
    expect((await transfers()).length).toBe(before);
  });

  it('two redeems of one code at once: exactly one account gets the identity', async () => {
    const vk = await onVk('770004');
    const [a, b] = [await byEmail('race-a@example.com'), await byEmail('race-b@example.com')];
    const code = await codeFor(vk.Token, '770004');
    const answers = await Promise.all([redeem(a.Token, code), redeem(b.Token, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? a : b;
    expect((await onVk('770004')).AccountId).toBe(winner.AccountId);
    const moves = (await transfers()).filter((row) => row.identity_id === '770004');
    expect(moves).toHaveLength(1);
  });

  it('limits codes made and tried per session: guessing is cut off after 20 tries in 15 minutes', async () => {
    const vk = await onVk('770006');
    const made = [];
    for (let i = 0; i < 11; i++)
      made.push(
        (
          await post(
            '/auth/create_link_code',
            { SocialIdentifierType: 'VkontakteCom', SocialIdentifier: '770006' },
            vk.Token,
          )
        ).statusCode,
      );
    expect(made).toEqual([...Array(10).fill(200), 429]);
    const web = await byEmail('guesser@example.com');
    const tries = [];
    for (let i = 0; i < 21; i++)
      tries.push(
        (await post('/auth/link_code_details', { LinkCode: `GUESS-${String(i).padStart(5, '0')}` }, web.Token)).json()
          .ErrorCode,
      );
    expect(tries).toEqual([...Array(20).fill('invalid_token'), 'rate_limited']);
  });

  it('removing the last way in is refused for a platform identity; once linked to email it can go', async () => {
    const vk = await onVk('770005');
    const remove = (bearer: string) =>
      post('/profile/remove_sign_in_method', { Type: 'VkontakteCom', Id: '770005' }, bearer);
    expect((await remove(vk.Token)).json().ErrorCode).toBe('last_sign_in_method');
    const web = await byEmail('remover@example.com');
    await redeem(web.Token, await codeFor(vk.Token, '770005'));
    const removed = await remove(web.Token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().SocialIdentifiers).toEqual([{ Type: 'Email', Id: 'remover@example.com' }]);
  });
});
