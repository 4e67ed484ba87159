import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';

/**
 * A sign-in button under "Other ways to sign in" that leaves for the provider's authorization
 * page: `start` asks the server for its address (which binds the state to this browser).
 */
export function RedirectSignInButton({
  provider,
  label,
  start,
  onError,
}: {
  /** The `data-provider` name. */
  provider: string;
  /** The provider's own name, shown as is. */
  label: string;
  start: () => Promise<string>;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const go = () => {
    setBusy(true);
    start().then(
      (authorizeUrl) => window.location.assign(authorizeUrl),
      (error: unknown) => {
        setBusy(false);
        onError(error);
      },
    );
  };
  return (
    <Button
      variant="secondary"
      className="col-span-2"
      disabled={busy}
      data-provider={provider}
      aria-label={t('auth.signInWith', { provider: label })}
      onClick={go}
    >
      {label}
    </Button>
  );
}
