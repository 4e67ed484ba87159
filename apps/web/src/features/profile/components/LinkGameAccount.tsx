import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type LinkableIdentity,
  type LinkFailure,
  linkCodeDetails,
  linkFailureOf,
  linkFromCode,
} from '../../../entities/profile/api/link-codes';
import { signInMethodName } from '../../../entities/profile/lib/sign-in-method-name';
import { useApiClient } from '../../../shared/api/api-context';
import { readAuthToken } from '../../../shared/lib/auth-token';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import { INPUT_CLASS } from '../lib/input-class';

/** The query parameter the game's "Link to my fxid account" link carries its code in. */
const CODE_PARAM = 'link_code';

interface Pending {
  code: string;
  identity: LinkableIdentity;
}

/**
 * Adds a platform identity met in a game (VK, OK, …) to this account by the code the game's
 * profile made: from the link (`?link_code=`) or typed by hand. What it adds is shown first, and
 * nothing changes until the player confirms; cancelling drops the code.
 */
export function LinkGameAccount() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  const [entered, setEntered] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [linked, setLinked] = useState<string | null>(null);
  const fromLink = params.get(CODE_PARAM);
  const checkedLink = useRef<string | null>(null);
  const section = useRef<HTMLElement>(null);

  const forgetLinkCode = () => {
    if (!params.has(CODE_PARAM)) return;
    const rest = new URLSearchParams(params);
    rest.delete(CODE_PARAM);
    setParams(rest, { replace: true });
  };
  const run = (work: (bearer: string) => Promise<void>) => {
    const bearer = readAuthToken();
    if (!bearer) return;
    setBusy(true);
    setFailure(null);
    work(bearer)
      .catch((error: unknown) => setFailure(linkFailureOf(error)))
      .finally(() => setBusy(false));
  };
  const check = (code: string) =>
    run(async (bearer) => {
      const { SocialIdentifierType, SocialIdentifier } = await linkCodeDetails(api, bearer, code);
      setLinked(null);
      setPending({ code, identity: { SocialIdentifierType, SocialIdentifier } });
    });
  const confirm = (link: Pending) =>
    run(async (bearer) => {
      const account = await linkFromCode(api, bearer, link.code);
      queryClient.setQueryData(['account', bearer], account);
      setPending(null);
      setEntered('');
      setLinked(signInMethodName(link.identity.SocialIdentifierType, t));
      forgetLinkCode();
    });
  const cancel = () => {
    setPending(null);
    forgetLinkCode();
  };

  // A code from the link is checked once on arrival; linking still waits for the confirmation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new code from the address is checked
  useEffect(() => {
    if (!fromLink || checkedLink.current === fromLink) return;
    checkedLink.current = fromLink;
    // The player came for this section, which sits below the account's details.
    section.current?.scrollIntoView?.({ block: 'start' });
    check(fromLink);
  }, [fromLink]);

  return (
    <section
      ref={section}
      className="mt-5 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby="profile-link-game-account"
      data-testid="link-game-account"
    >
      <h2 id="profile-link-game-account" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.linkTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('profile.linkHint')}</p>
      {failure && (
        <div className="mb-3">
          <Notice tone="danger">{t(failure)}</Notice>
        </div>
      )}
      {linked && (
        <div className="mb-3">
          <Notice tone="info">{t('profile.linkDone', { method: linked })}</Notice>
        </div>
      )}
      {pending ? (
        <div className="grid gap-3">
          <Notice tone="warning">
            {t('profile.linkConfirm', {
              method: signInMethodName(pending.identity.SocialIdentifierType, t),
              id: pending.identity.SocialIdentifier,
            })}
          </Notice>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => confirm(pending)}>
              {t('profile.linkDo')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={cancel}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor="link-code-entered" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            {t('profile.linkCodeInput')}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id="link-code-entered"
              value={entered}
              onChange={(event) => setEntered(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${INPUT_CLASS} font-mono tracking-widest`}
            />
            <Button
              variant="secondary"
              disabled={busy || entered.trim().length < 10}
              onClick={() => check(entered.trim())}
            >
              {t('profile.linkCheck')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
