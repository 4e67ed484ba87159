import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../../entities/game/branding';
import type { Account } from '../../../entities/profile/api/account';
import { useApiClient } from '../../../shared/api/api-context';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { readAuthToken } from '../../../shared/lib/auth-token';
import {
  allowedProviders,
  configuredProviders,
  FIREBASE_PROVIDER_IDS,
  type LoginProvider,
  PROVIDER_BRAND_NAMES,
} from '../../../shared/lib/firebase/firebase-providers';
import { preloadFirebase, providerIdToken } from '../../../shared/lib/firebase/provider-id-token';
import { MYGAMES_IDENTITY_TYPE, offeredMyGames, startMyGames } from '../../../shared/lib/mygames/mygames-sign-in';
import { requestSignIn } from '../../../shared/lib/sign-in-request';
import { offeredVkId, VKID_IDENTITY_TYPE } from '../../../shared/lib/vkid/vkid-offer';
import { startVkId } from '../../../shared/lib/vkid/vkid-sign-in';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import { linkFirebase } from '../api/link-firebase';

/** Identity types of the providers, as the account lists them. */
const IDENTITY_TYPES: Record<LoginProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };

type Failure = 'errors.identityTaken' | 'auth.errors.popupClosed' | 'auth.errors.general';

function failureOf(error: unknown): Failure {
  if ((error as { code?: unknown } | null)?.code === 'auth/popup-closed-by-user') return 'auth.errors.popupClosed';
  const problem = (error as { problem?: { ErrorCode?: string } } | null)?.problem;
  return problem?.ErrorCode === 'identity_taken' ? 'errors.identityTaken' : 'auth.errors.general';
}

/**
 * Adds another way to sign in to the account: each provider the company allows whose
 * identity the account does not hold yet. Afterwards either way signs in to this account.
 */
export function AddSignInMethod({ account }: { account: Account }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const config = usePageConfig();
  const queryClient = useQueryClient();
  const { branding } = useBranding();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const held = new Set(account.SocialIdentifiers.map((identifier) => identifier.Type as string));
  const options = branding.FirebaseOptions;
  const addable = options
    ? allowedProviders(branding.Auth.AllowedAuthProviders, configuredProviders(branding)).filter(
        (provider) => !held.has(IDENTITY_TYPES[provider]),
      )
    : [];
  const vkAddable =
    !held.has(VKID_IDENTITY_TYPE) && offeredVkId(branding.Auth.AllowedAuthProviders, branding.Auth.VkId) !== undefined;
  const myGamesGame = held.has(MYGAMES_IDENTITY_TYPE)
    ? undefined
    : offeredMyGames(branding.Auth.AllowedAuthProviders, config);
  useEffect(() => {
    if (addable.length > 0) preloadFirebase().catch(() => undefined);
  }, [addable.length]);
  const emailAddable = !account.Email;
  if (addable.length === 0 && !vkAddable && !myGamesGame && !emailAddable) return null;

  // The login modal mails a link that adds the address; opened here, it signs in to this account again.
  const addEmail = () => {
    setFailure(null);
    void requestSignIn({ addEmail: true }).then(() => queryClient.invalidateQueries({ queryKey: ['account'] }));
  };

  // VK ID by redirect to its authorization page (no widget here): it returns to /LoginVkId, then /Profile.
  const addVkId = () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    startVkId(api, { returnTo: '/Profile', link: true }).then(
      (started) => window.location.assign(started.AuthorizeUrl),
      (error: unknown) => {
        setFailure(failureOf(error));
        setBusy(false);
      },
    );
  };

  // MY.GAMES by redirect too: /LoginMyGames asks the player to confirm the transfer to this account.
  const addMyGames = (game: string) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    startMyGames(api, { game, returnTo: '/Profile', link: true }).then(
      (authorizeUrl) => window.location.assign(authorizeUrl),
      (error: unknown) => {
        setFailure(failureOf(error));
        setBusy(false);
      },
    );
  };

  const add = (provider: LoginProvider) => {
    const bearer = readAuthToken();
    if (busy || !bearer || !options) return;
    setBusy(true);
    setFailure(null);
    providerIdToken(provider, options, config.FirebaseAuthEmulatorUrl)
      .then((idToken) => linkFirebase(api, bearer, idToken))
      .then(
        (updated) => queryClient.setQueryData(['account', bearer], updated),
        (error: unknown) => setFailure(failureOf(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section
      className="mt-5 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby="profile-add-sign-in"
    >
      <h2 id="profile-add-sign-in" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.addSignInMethod')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('profile.addSignInHint')}</p>
      {failure && (
        <div className="mb-3">
          <Notice tone="danger">{t(failure)}</Notice>
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        {addable.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            disabled={busy}
            data-provider={FIREBASE_PROVIDER_IDS[provider]}
            aria-label={t('profile.addProvider', { provider: PROVIDER_BRAND_NAMES[provider] })}
            onClick={() => add(provider)}
          >
            {PROVIDER_BRAND_NAMES[provider]}
          </Button>
        ))}
        {emailAddable && (
          <Button
            variant="secondary"
            disabled={busy}
            data-provider="email"
            aria-label={t('profile.addProvider', { provider: t('profile.email') })}
            onClick={addEmail}
          >
            {t('profile.email')}
          </Button>
        )}
        {vkAddable && (
          <Button
            variant="secondary"
            disabled={busy}
            data-provider="vkid"
            aria-label={t('profile.addProvider', { provider: 'VK ID' })}
            onClick={addVkId}
          >
            VK ID
          </Button>
        )}
        {myGamesGame && (
          <Button
            variant="secondary"
            disabled={busy}
            data-provider="mygames"
            aria-label={t('profile.addProvider', { provider: 'MY.GAMES' })}
            onClick={() => addMyGames(myGamesGame)}
          >
            MY.GAMES
          </Button>
        )}
      </div>
    </section>
  );
}
