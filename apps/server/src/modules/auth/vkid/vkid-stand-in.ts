import { createHash, randomBytes } from 'node:crypto';
import { equalInConstantTime } from '../../../lib/constant-time.js';
import { withQuery } from '../../../lib/with-query.js';

/**
 * VK ID's authorization server, played offline (security.md §1b): `/authorize` issues a
 * code for a chosen user, bound to the client, redirect URI, PKCE challenge and a device;
 * `/oauth2/auth` exchanges it once, within 10 minutes, for the verifier the challenge was
 * made from; `/oauth2/user_info` answers for a live access token. Answers and errors are
 * VK ID's (`{error, error_description, state}`). It backs the development server's
 * `/dev/vkid` and the tests' fake (src/test/fake-vkid.ts); it never runs in production.
 */
export interface VkIdUser {
  user_id: string;
  first_name: string;
  last_name: string;
  email?: string | undefined;
}

export type VkIdAnswer = { status: number; body: Record<string, unknown> };

/** What the stand-in needs to know of its apps: whether a client id exists and its trusted redirect URL. */
export interface VkIdStandInApps {
  redirectUri: (clientId: string) => Promise<string | undefined> | string | undefined;
}

const CODE_TTL_S = 600;
const ACCESS_TOKEN_TTL_S = 3600;

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  deviceId: string;
  scope: string;
  user: VkIdUser;
  expiresAt: number;
  used: boolean;
}

const failure = (error: string, description: string, state?: string): VkIdAnswer => ({
  status: 400,
  body: { error, error_description: description, ...(state ? { state } : {}) },
});

const random = () => randomBytes(24).toString('base64url');

export class VkIdStandIn {
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, { user: VkIdUser; clientId: string; expiresAt: number }>();

  constructor(
    private readonly apps: VkIdStandInApps,
    private readonly now: () => number,
  ) {}

  /**
   * The user allowed the app: where the browser goes next (the redirect URI with `code`,
   * `state`, `device_id`, `expires_in`, `type=code_v2`), or why the request is refused
   * (an error VK ID shows on its own page: a bad client or redirect URI is never redirected to).
   */
  async authorize(query: URLSearchParams, user: VkIdUser): Promise<{ redirect: string } | { error: string }> {
    const clientId = query.get('client_id') ?? '';
    const redirectUri = query.get('redirect_uri') ?? '';
    const registered = await this.apps.redirectUri(clientId);
    if (!registered) return { error: `Unknown client_id ${clientId}` };
    // Exact string match (RFC 9700): no prefix, trailing slash or extra query.
    if (redirectUri !== registered) return { error: 'redirect_uri is not the trusted redirect URL of this app' };
    if (query.get('response_type') !== 'code') return { error: 'response_type must be code' };
    if (query.get('code_challenge_method')?.toLowerCase() !== 's256')
      return { error: 'code_challenge_method must be s256' };
    const challenge = query.get('code_challenge') ?? '';
    if (!/^[\w-]{43}$/.test(challenge)) return { error: 'code_challenge is missing or malformed' };
    const state = query.get('state') ?? '';
    if (state.length < 32) return { error: 'state must be at least 32 characters' };
    const code = `vk2.a.${random()}`;
    const deviceId = random();
    this.codes.set(code, {
      clientId,
      redirectUri,
      challenge,
      deviceId,
      scope: query.get('scope') || 'vkid.personal_info',
      user,
      expiresAt: this.now() + CODE_TTL_S * 1000,
      used: false,
    });
    const back = withQuery(redirectUri, {
      code,
      state,
      device_id: deviceId,
      expires_in: String(CODE_TTL_S),
      type: 'code_v2',
      ext_id: random(),
    });
    return { redirect: back };
  }

  /** POST /oauth2/auth, grant_type=authorization_code (form fields; the SDK puts some in the query). */
  token(form: URLSearchParams): VkIdAnswer {
    const state = form.get('state') ?? undefined;
    if (form.get('grant_type') !== 'authorization_code') {
      return failure('unsupported_grant_type', 'grant_type must be authorization_code', state);
    }
    if (form.get('code_challenge')) {
      return failure('invalid_request', 'code_verifier and code_challenge cannot be sent together', state);
    }
    const code = this.codes.get(form.get('code') ?? '');
    if (!code) return failure('invalid_grant', 'code is invalid', state);
    if (code.used) {
      // A replayed code: refused, and what it gave is revoked (RFC 6749 §4.1.2).
      for (const [token, holder] of this.accessTokens) if (holder.user === code.user) this.accessTokens.delete(token);
      return failure('invalid_grant', 'code has already been used', state);
    }
    code.used = true;
    if (code.expiresAt <= this.now()) return failure('invalid_grant', 'code has expired', state);
    if (form.get('client_id') !== code.clientId)
      return failure('invalid_client', 'client_id does not match the code', state);
    if (form.get('redirect_uri') !== code.redirectUri)
      return failure('invalid_grant', 'redirect_uri does not match', state);
    if (form.get('device_id') !== code.deviceId) return failure('invalid_grant', 'device_id does not match', state);
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier, 'ascii').digest('base64url');
    if (!equalInConstantTime(challenge, code.challenge))
      return failure('invalid_grant', 'code_verifier is invalid', state);
    const accessToken = `vk2.a.${random()}${random()}`;
    this.accessTokens.set(accessToken, {
      user: code.user,
      clientId: code.clientId,
      expiresAt: this.now() + ACCESS_TOKEN_TTL_S * 1000,
    });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        refresh_token: `vk2.a.${random()}`,
        id_token: `${random()}.${random()}.${random()}`,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_S,
        user_id: Number(code.user.user_id),
        state,
        scope: code.scope,
      },
    };
  }

  /** POST /oauth2/user_info: the user of a live access token of this client. */
  userInfo(form: URLSearchParams): VkIdAnswer {
    const held = this.accessTokens.get(form.get('access_token') ?? '');
    if (!held || held.clientId !== form.get('client_id')) {
      return failure('invalid_token', 'access_token is missing or invalid');
    }
    if (held.expiresAt <= this.now()) return failure('invalid_token', 'access_token has expired');
    const { user } = held;
    return {
      status: 200,
      body: {
        user: {
          user_id: user.user_id,
          first_name: user.first_name,
          last_name: user.last_name,
          avatar: '',
          ...(user.email ? { email: user.email } : {}),
          sex: 0,
          verified: false,
        },
      },
    };
  }
}
