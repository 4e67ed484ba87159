import type { VkIdOptions } from '@fxid/contract';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBranding } from '../../../entities/game/branding';
import { useApiClient } from '../../../shared/api/api-context';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { readAuthToken } from '../../../shared/lib/auth-token';
import { configuredProviders, type LoginProvider } from '../../../shared/lib/firebase/firebase-providers';
import { offeredMyGames } from '../../../shared/lib/mygames/mygames-sign-in';
import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { requestEmailLogin } from '../lib/email-login';
import { loginErrorKey } from '../lib/login-errors';
import { INITIAL_LOGIN_STATE, loginReducer } from '../lib/login-flow';
import { signInWithProvider } from '../lib/provider-login';
import { offeredProviders, offeredVkId } from '../lib/providers';
import { returnRoute } from '../lib/return-route';
import { DevOriginNotice } from './DevOriginNotice';
import { EmailStep } from './EmailStep';
import { LegalLinks } from './LegalLinks';
import { LinkSentStep } from './LinkSentStep';
import { MyGamesSignIn } from './MyGamesSignIn';
import { ProviderButtons } from './ProviderButtons';
import { RobotCheckStep } from './RobotCheckStep';
import { VkIdSignIn } from './VkIdSignIn';

/** Spec §9: how long after the sign-in the modal waits before reporting it. */
export const DEFAULT_EMAIL_TIMEOUT_MS = 1000;

/** The options of the login modal (spec store §2). */
export interface LoginModalOptions {
  /** The game the player signs in from, if any. */
  gameSystemName?: string | undefined;
  /** Portal route the emailed link returns to; by default the page a sign-in redirect asked for, else the current one. */
  returnTo?: string | undefined;
  tosUrl?: string | undefined;
  ppUrl?: string | undefined;
  /** Providers the caller allows; the company's list by default. Only those this deployment set up show. */
  allowedProviders?: string[] | undefined;
  /** VK ID's app and widget options; the company's `Auth.VkId` by default. Without one VK ID is not offered. */
  vkOptions?: VkIdOptions | undefined;
  /** A signed-in player adds an email address: the link adds it to the account; no other providers. */
  addEmail?: boolean | undefined;
  /** The player agreed to marketing email (sent with a provider sign-in). */
  marketingEnabled?: boolean | undefined;
  onAuthenticatedEmailTimeout?: number | undefined;
  /** The page configuration's key by default; without one the offline check is shown. */
  turnstileSiteKey?: string | undefined;
  onAuthenticated?: (() => void) | undefined;
}

/** Sign in by magic link (enterEmail → verifyTurnstile → success), or with a provider from enterEmail. */
export function LoginModal({ onClose, ...options }: LoginModalOptions & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const config = usePageConfig();
  const { branding } = useBranding();
  const location = useLocation();
  const [state, dispatch] = useReducer(loginReducer, INITIAL_LOGIN_STATE);
  const siteKey = options.turnstileSiteKey ?? config.TurnstileSiteKey;
  const allowed = options.allowedProviders ?? branding.Auth.AllowedAuthProviders;
  const others = options.addEmail ? [] : offeredProviders(allowed, configuredProviders(branding));
  const vkOptions = options.addEmail ? undefined : offeredVkId(allowed, options.vkOptions ?? branding.Auth.VkId);
  const myGamesGame = options.addEmail ? undefined : offeredMyGames(allowed, config);
  const [providerBusy, setProviderBusy] = useState(false);

  const send = (captchaToken: string) => {
    if (state.sending) return;
    dispatch({ type: 'sending' });
    requestEmailLogin(api, {
      email: state.email,
      captchaToken,
      gameSystemName: options.gameSystemName ?? config.FixedGame,
      returnTo: options.returnTo ?? returnRoute(location),
      locale: i18n.resolvedLanguage,
      basePath: config.RouterBasePath,
      linkBearer: options.addEmail ? (readAuthToken() ?? undefined) : undefined,
    }).then(
      () => dispatch({ type: 'sent' }),
      (error: unknown) => dispatch({ type: 'failed', error: loginErrorKey(error) }),
    );
  };
  const authenticated = () => {
    options.onAuthenticated?.();
    onClose();
  };
  const signInWith = (provider: LoginProvider) => {
    if (providerBusy || !branding.FirebaseOptions) return;
    setProviderBusy(true);
    signInWithProvider(api, {
      provider,
      firebaseOptions: branding.FirebaseOptions,
      emulatorUrl: config.FirebaseAuthEmulatorUrl,
      gameSystemName: options.gameSystemName ?? config.FixedGame,
      marketingEnabled: options.marketingEnabled,
    }).then(authenticated, (error: unknown) => {
      setProviderBusy(false);
      dispatch({ type: 'failed', error: loginErrorKey(error) });
    });
  };

  return (
    <ModalFrame
      size="sm"
      title={options.addEmail ? t('auth.addEmailTitle') : t('auth.signInTitle')}
      hideClose={state.view === 'success'}
      footer={<LegalLinks tosUrl={options.tosUrl} ppUrl={options.ppUrl} />}
    >
      <DevOriginNotice />
      {state.view === 'enterEmail' && (
        <>
          <EmailStep
            email={state.email}
            error={state.error}
            onSubmit={(email) => dispatch({ type: 'emailAccepted', email })}
          />
          {(others.length > 0 || vkOptions || myGamesGame) && (
            <ProviderButtons providers={others} busy={providerBusy} onPick={signInWith}>
              {vkOptions && (
                <VkIdSignIn
                  options={vkOptions}
                  game={options.gameSystemName ?? config.FixedGame}
                  returnTo={options.returnTo ?? returnRoute(location)}
                  standIn={config.VkIdStandIn === true}
                  onSignedIn={authenticated}
                  onError={(error) => dispatch({ type: 'failed', error: loginErrorKey(error) })}
                />
              )}
              {myGamesGame && (
                <MyGamesSignIn
                  game={myGamesGame}
                  returnTo={options.returnTo ?? returnRoute(location)}
                  onError={(error) => dispatch({ type: 'failed', error: loginErrorKey(error) })}
                />
              )}
            </ProviderButtons>
          )}
        </>
      )}
      {state.view === 'verifyTurnstile' && (
        <RobotCheckStep
          email={state.email}
          siteKey={siteKey}
          sending={state.sending}
          onToken={send}
          onFailure={(reason) =>
            dispatch({
              type: 'failed',
              error: reason === 'unavailable' ? 'auth.errors.robotUnavailable' : 'auth.errors.robotCheck',
            })
          }
          onBack={() => dispatch({ type: 'backToEmail' })}
        />
      )}
      {state.view === 'success' && (
        <LinkSentStep
          email={state.email}
          timeoutMs={options.onAuthenticatedEmailTimeout ?? DEFAULT_EMAIL_TIMEOUT_MS}
          onAuthenticated={authenticated}
          onUseAnotherEmail={() => dispatch({ type: 'backToEmail' })}
        />
      )}
    </ModalFrame>
  );
}
