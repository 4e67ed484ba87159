import { randomBytes } from 'node:crypto';
import { equalInConstantTime } from '../../../lib/constant-time.js';

/**
 * An OAuth 2.0 authorization server played offline (RFC 6749 §4.1 authorization code, §6
 * refresh): codes bound to the client and redirect URI, spent once within 10 minutes;
 * confidential clients (client_secret in the form); refresh tokens rotated on use (a spent one
 * is refused); access tokens that expire. Each vendor's fake (Twitch's id server, MY.GAMES's
 * OAuth) puts its own paths and error bodies around it. Never runs in production.
 */
export interface StandInUser {
  id: string;
  login: string;
  email?: string | undefined;
}

export interface StandInClient {
  secret: string;
  redirectUri: string;
}

export type StandInFailure =
  | 'unsupported_grant_type'
  | 'invalid_client'
  | 'invalid_code'
  | 'redirect_uri_mismatch'
  | 'invalid_refresh_token';

export type StandInTokens = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string[];
  token_type: 'bearer';
};

const CODE_TTL_MS = 10 * 60_000;
const random = (prefix: string) => `${prefix}${randomBytes(20).toString('hex')}`;

export class OAuth2StandIn {
  private readonly codes = new Map<
    string,
    { clientId: string; redirectUri: string; scope: string[]; user: StandInUser; expiresAt: number; used: boolean }
  >();
  private readonly refreshTokens = new Map<
    string,
    { clientId: string; scope: string[]; user: StandInUser; used: boolean }
  >();
  private readonly accessTokens = new Map<
    string,
    { clientId: string; scope: string[]; user: StandInUser; expiresAt: number }
  >();

  constructor(
    /** The clients it knows: fixed (tests' fakes), or looked up (development: one per catalog game). */
    private readonly clients: Record<string, StandInClient> | ((clientId: string) => StandInClient | undefined),
    private readonly now: () => number,
    private readonly accessTokenTtlS = 14_400,
  ) {}

  /** The user allowed the client at /authorize: the code the redirect URI receives, or why not. */
  authorize(query: URLSearchParams, user: StandInUser): { code: string } | { error: string } {
    const client = this.client(query.get('client_id') ?? '');
    if (!client) return { error: 'invalid client' };
    if (query.get('redirect_uri') !== client.redirectUri) return { error: 'redirect_uri does not match' };
    if (query.get('response_type') !== 'code') return { error: 'response_type must be code' };
    const code = random('');
    this.codes.set(code, {
      clientId: query.get('client_id') ?? '',
      redirectUri: client.redirectUri,
      scope: (query.get('scope') ?? '').split(/[ +]/).filter(Boolean),
      user,
      expiresAt: this.now() + CODE_TTL_MS,
      used: false,
    });
    return { code };
  }

  /** POST to the token endpoint: authorization_code or refresh_token, form fields. */
  token(form: URLSearchParams): { tokens: StandInTokens } | { failure: StandInFailure } {
    const clientId = form.get('client_id') ?? '';
    const client = this.client(clientId);
    if (!client || !equalInConstantTime(form.get('client_secret') ?? '', client.secret)) {
      return { failure: 'invalid_client' };
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.used || code.clientId !== clientId || code.expiresAt <= this.now()) {
        if (code) code.used = true;
        return { failure: 'invalid_code' };
      }
      code.used = true;
      if (form.get('redirect_uri') !== code.redirectUri) return { failure: 'redirect_uri_mismatch' };
      return { tokens: this.issue(clientId, code.scope, code.user) };
    }
    if (grant === 'refresh_token') {
      const held = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!held || held.used || held.clientId !== clientId) return { failure: 'invalid_refresh_token' };
      held.used = true;
      return { tokens: this.issue(clientId, held.scope, held.user) };
    }
    return { failure: 'unsupported_grant_type' };
  }

  /** The holder of a live access token, and how long it has left. */
  holder(accessToken: string): { clientId: string; scope: string[]; user: StandInUser; expiresIn: number } | undefined {
    const held = this.accessTokens.get(accessToken);
    if (!held || held.expiresAt <= this.now()) return undefined;
    return { ...held, expiresIn: Math.floor((held.expiresAt - this.now()) / 1000) };
  }

  private client(clientId: string): StandInClient | undefined {
    if (typeof this.clients === 'function') return this.clients(clientId);
    return Object.hasOwn(this.clients, clientId) ? this.clients[clientId] : undefined;
  }

  private issue(clientId: string, scope: string[], user: StandInUser): StandInTokens {
    const access = random('at');
    const refresh = random('rt');
    this.accessTokens.set(access, { clientId, scope, user, expiresAt: this.now() + this.accessTokenTtlS * 1000 });
    this.refreshTokens.set(refresh, { clientId, scope, user, used: false });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: this.accessTokenTtlS,
      scope,
      token_type: 'bearer',
    };
  }
}
