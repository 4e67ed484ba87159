import type { VkIdOptions } from '@fxid/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../shared/api/api-context';
import { storeAuthToken } from '../../../shared/lib/auth-token';
import { finishVkId, startVkId } from '../../../shared/lib/vkid/vkid-sign-in';
import { trackSignIn } from '../lib/sign-in-progress';
import { RedirectSignInButton } from './RedirectSignInButton';

export interface VkIdSignInProps {
  options: VkIdOptions;
  game: string | undefined;
  returnTo: string;
  /** Development: VK ID is the server's stand-in, reached by redirect (the widget needs VK's https pages). */
  standIn: boolean;
  onSignedIn: () => void;
  onError: (error: unknown) => void;
}

/**
 * VK ID under "Other ways to sign in" (spec store §2: a one-tap widget). In production the
 * widget of @vkid/sdk, handed the server's state and our PKCE challenge, returns the code
 * here and the session is made at once; in development a button goes to the stand-in's
 * authorization page, which returns through /api/v1/auth/authenticate_to_fxid to /LoginVkId.
 * Either way the server exchanges the code the same way.
 */
export function VkIdSignIn(props: VkIdSignInProps) {
  return props.standIn ? <VkIdRedirectButton {...props} /> : <VkIdOneTap {...props} />;
}

function VkIdRedirectButton({ game, returnTo, onError }: VkIdSignInProps) {
  const api = useApiClient();
  return (
    <RedirectSignInButton
      provider="vkid"
      label="VK ID"
      start={async () => (await startVkId(api, { game, returnTo, link: false })).AuthorizeUrl}
      onError={onError}
    />
  );
}

function VkIdOneTap({ options, game, returnTo, onSignedIn, onError }: VkIdSignInProps) {
  const { i18n } = useTranslation();
  const api = useApiClient();
  const container = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one widget per modal; callbacks are read when it answers
  useEffect(() => {
    let close: (() => void) | undefined;
    let live = true;
    Promise.all([startVkId(api, { game, returnTo, link: false }), import('../../../shared/lib/vkid/vkid-one-tap')])
      .then(([started, { renderOneTap }]) => {
        if (!live || !container.current) return;
        close = renderOneTap({
          container: container.current,
          options,
          state: started.State,
          challenge: started.challenge,
          redirectUrl: started.RedirectUrl,
          scope: started.Scope,
          locale: i18n.resolvedLanguage,
          onCode: (callback) =>
            trackSignIn(finishVkId(api, callback)).then((session) => {
              storeAuthToken(session.Token);
              onSignedIn();
            }, onError),
          onError: () => onError(Object.assign(new Error('VK widget error.'), { code: 'vkid/widget-error' })),
        });
      })
      .catch((error: unknown) => live && onError(error));
    return () => {
      live = false;
      close?.();
    };
  }, [options.ClientId]);
  return <div ref={container} className="col-span-2 min-h-12" data-provider="vkid" />;
}
