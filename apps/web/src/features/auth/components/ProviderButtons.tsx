import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoginProvider, PROVIDER_BRAND_NAMES } from '../../../shared/lib/firebase/firebase-providers';
import { preloadFirebase } from '../../../shared/lib/firebase/provider-id-token';
import { Button } from '../../../shared/ui/Button';

/**
 * "Other ways to sign in" (spec store §2): one button per provider, two to a row (VK ID's widget
 * spans the row). Firebase
 * Auth's chunk starts loading when they show, so a click opens the provider at once.
 */
export function ProviderButtons({
  providers,
  busy,
  onPick,
  children,
}: {
  providers: readonly LoginProvider[];
  busy: boolean;
  onPick: (provider: LoginProvider) => void;
  /** Providers that bring their own control (VK ID's widget), full width under the grid's buttons. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    // A failed preload is tried again by the click itself.
    if (providers.length > 0) preloadFirebase().catch(() => undefined);
  }, [providers.length]);
  return (
    <section aria-labelledby="login-other-ways" className="mt-6 grid gap-3">
      <p id="login-other-ways" className="text-center text-sm text-slate-600 dark:text-slate-300">
        {t('auth.otherWays')}
      </p>
      <div className="grid grid-cols-2 gap-2">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            disabled={busy}
            aria-label={t('auth.signInWith', { provider: PROVIDER_BRAND_NAMES[provider] })}
            onClick={() => onPick(provider)}
          >
            {PROVIDER_BRAND_NAMES[provider]}
          </Button>
        ))}
        {children}
      </div>
    </section>
  );
}
