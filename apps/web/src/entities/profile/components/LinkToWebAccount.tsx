import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../shared/api/api-context';
import { appUrl } from '../../../shared/config/app-url';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { readAuthToken } from '../../../shared/lib/auth-token';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import { useAccount } from '../api/account';
import { createLinkCode, type LinkFailure, linkFailureOf } from '../api/link-codes';

/**
 * Inside a host platform: the player signed in with the platform's identity on an account of its
 * own makes a link code for that identity, to add it to their fxid account on the own site
 * (Profile, which the link opens with the code). Nothing shows for an account that already has an
 * email (it is a web account) or holds only a platform's guest.
 */
export function LinkToWebAccount() {
  const { t } = useTranslation();
  const api = useApiClient();
  const config = usePageConfig();
  const account = useAccount();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const identity = account.data?.HasEmail
    ? undefined
    : account.data?.SocialIdentifiers.find((held) => held.Type !== 'Email' && !held.Type.endsWith('Guest'));
  if (!identity) return null;

  const make = () => {
    const bearer = readAuthToken();
    if (busy || !bearer) return;
    setBusy(true);
    setFailure(null);
    createLinkCode(api, bearer, { SocialIdentifierType: identity.Type, SocialIdentifier: identity.Id })
      .then((made) => setCode(made.LinkCode))
      .catch((error: unknown) => setFailure(linkFailureOf(error)))
      .finally(() => setBusy(false));
  };

  return (
    <div className="mt-4 grid gap-3 border-t border-slate-200 pt-4 dark:border-slate-800" data-testid="link-to-web">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('profile.linkFromGameHint')}</p>
      {failure && <Notice tone="danger">{t(failure)}</Notice>}
      {code ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-200">{t('profile.linkCodeMade')}</p>
          <output
            className="block text-center font-mono text-2xl font-bold tracking-widest text-slate-900 dark:text-white"
            data-testid="link-code"
          >
            {code}
          </output>
          <a
            href={appUrl(config, `/Profile?link_code=${encodeURIComponent(code)}`)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-center text-sm font-semibold text-indigo-600 underline dark:text-indigo-400"
          >
            {t('profile.linkOpenSite')}
          </a>
        </>
      ) : (
        <Button variant="secondary" disabled={busy} onClick={make}>
          {t('profile.linkFromGame')}
        </Button>
      )}
    </div>
  );
}
