import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptDueDocuments } from '../harness/documents';
import { en, fill } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';

// Two players become friends through an invite link (a go link carrying the inviter's
// fxref) and see each other's status in the social modal of the game. Its own server,
// so the friendships of other files never show up here.

const GAME = 'sky-runner';

const server = ownServer();

const session = browserSession(() => server.url);

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(`api/v1/${path}`, server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/v1/${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Friend {
  FriendAccountId: string;
  Name: string | null;
  Status: string | null;
}

const friendsOf = async (player: SignedIn) =>
  (await post<{ Friends: Friend[] }>('friends/get', player.token, { Game: GAME })).Friends;

/** Polls until `player` has `friend` among their friends (the portal accepts the invite after the page loads). */
async function waitForFriend(player: SignedIn, friend: SignedIn): Promise<Friend> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = (await friendsOf(player)).find((entry) => entry.FriendAccountId === friend.accountId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${friend.email} never became a friend of ${player.email}`);
}

/** A player ready to play: documents accepted, signed in by the token the portal keeps. */
async function playerContext(player?: SignedIn): Promise<BrowserContext> {
  const context = await session.freshContext();
  if (player) {
    await acceptDueDocuments(server.url, player.token, GAME);
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  }
  return context;
}

async function inviteUrlOf(player: SignedIn): Promise<string> {
  const { InviteUrl } = await post<{ InviteUrl: string }>('friends/send_invite_notification', player.token, {
    Game: GAME,
  });
  return InviteUrl;
}

describe('friends through invite links', () => {
  it('a signed-in player follows an invite link, and sees the inviter’s status in the social modal', async () => {
    const [inviter, invited] = await Promise.all([signInByEmail(server.url), signInByEmail(server.url)]);
    const inviteUrl = await inviteUrlOf(inviter);
    expect(new URL(inviteUrl).pathname).toBe('/api/v1/go');

    const { page } = await session.tab(await playerContext(invited));
    await page.goto(inviteUrl);
    await page.waitForURL((url) => url.pathname === `/play/${GAME}` && url.searchParams.has('fxref'));
    const friend = await waitForFriend(inviter, invited);
    expect(friend.FriendAccountId).toBe(invited.accountId);
    // Accepted once, then forgotten.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('fxref'))).toBeNull();

    await post('friends/status', inviter.token, { Game: GAME, Name: 'Ada', Priority: 0, Status: 'Level 12' });
    await page.getByRole('button', { name: en.friends.social }).click();
    const dialog = page.getByRole('dialog', { name: fill(en.friends.title, { count: 1 }) });
    await dialog.getByText('Ada').waitFor();
    await dialog.getByText('Level 12').waitFor();

    // The invited player can invite in turn: their own link, in the share modal.
    await dialog.getByRole('button', { name: en.friends.invite }).click();
    const share = page.getByRole('dialog', { name: fill(en.friends.inviteTitle, { name: 'Sky Runner' }) });
    const link = await share.getByRole('textbox').inputValue();
    expect(link).toContain('/api/v1/go?');
    expect(new URL(link).searchParams.get('fxref')).not.toBe(new URL(inviteUrl).searchParams.get('fxref'));
  });

  it('a visitor keeps the invite until signing in later', async () => {
    const inviter = await signInByEmail(server.url);
    const inviteUrl = await inviteUrlOf(inviter);
    const context = await playerContext();
    const { page } = await session.tab(context);
    await page.goto(inviteUrl);
    await page.waitForURL((url) => url.pathname === `/play/${GAME}`);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('fxref')))
      .toBe(new URL(inviteUrl).searchParams.get('fxref'));
    expect(await page.getByRole('button', { name: en.friends.social }).count()).toBe(0);

    // Signed in later (here: in another tab of the same browser), the portal reports the kept invite.
    const visitor = await signInByEmail(server.url);
    await acceptDueDocuments(server.url, visitor.token, GAME);
    await page.evaluate((token) => localStorage.setItem('AuthToken', token), visitor.token);
    const { page: other } = await session.tab(context);
    await other.goto(`play/${GAME}`);
    await waitForFriend(inviter, visitor);
    await expect.poll(() => other.evaluate(() => localStorage.getItem('fxref'))).toBeNull();
  });

  it('a player without friends sees so', async () => {
    const loner = await signInByEmail(server.url);
    const { page } = await session.tab(await playerContext(loner));
    await page.goto(`play/${GAME}`);
    await page.getByRole('button', { name: en.friends.social }).click();
    const dialog = page.getByRole('dialog', { name: fill(en.friends.title, { count: 0 }) });
    await dialog.getByText(en.friends.empty).waitFor();
  });
});
