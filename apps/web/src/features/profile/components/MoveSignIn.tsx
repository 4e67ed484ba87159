import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../entities/profile/api/account';
import { useApiClient } from '../../../shared/api/api-context';
import { readAuthToken, storeAuthToken } from '../../../shared/lib/auth-token';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import { createImportToken, importDetails, type MovableIdentity, moveSignInHere } from '../api/move-sign-in';
import { INPUT_CLASS } from '../lib/input-class';

type Failure = 'profile.moveCodeInvalid' | 'errors.lastSignInMethod' | 'auth.errors.general';

function failureOf(error: unknown): Failure {
  const code = (error as { problem?: { ErrorCode?: string } } | null)?.problem?.ErrorCode;
  if (code === 'last_sign_in_method') return 'errors.lastSignInMethod';
  if (code === 'invalid_token' || code === 'expired_token' || code === 'validation_failed' || code === 'not_found') {
    return 'profile.moveCodeInvalid';
  }
  return 'auth.errors.general';
}

interface Pending {
  code: string;
  identity: MovableIdentity;
}

/**
 * Moves a sign-in between two accounts of one player (spec `authenticate_from_import`): here a
 * move code is made for one of this account's sign-ins; on the other account's profile the code
 * is checked, what it moves is shown, and the player confirms. The page then reloads as the
 * receiving account. Email never moves.
 */
export function MoveSignIn({
  account,
  reload = () => window.location.reload(),
}: {
  account: Account;
  /** Starts the page again as the receiving account (replaced in tests). */
  reload?: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [made, setMade] = useState<{ label: string; code: string } | null>(null);
  const [entered, setEntered] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const movable = account.SocialIdentifiers.filter((identifier) => identifier.Type !== 'Email');

  const run = (work: (bearer: string) => Promise<void>) => {
    const bearer = readAuthToken();
    if (busy || !bearer) return;
    setBusy(true);
    setFailure(null);
    work(bearer)
      .catch((error: unknown) => setFailure(failureOf(error)))
      .finally(() => setBusy(false));
  };
  const makeCode = (identity: MovableIdentity) =>
    run(async (bearer) => {
      const answer = await createImportToken(api, bearer, identity);
      setMade({ label: `${identity.SocialIdentifierType} ${identity.SocialIdentifier}`, code: answer.ImportToken });
    });
  const check = () =>
    run(async (bearer) => {
      const code = entered.trim();
      const details = await importDetails(api, bearer, code);
      const { SocialIdentifierType, SocialIdentifier } = details;
      setPending({ code, identity: { SocialIdentifierType, SocialIdentifier } });
    });
  const confirm = (move: Pending) =>
    run(async (bearer) => {
      const answer = await moveSignInHere(api, bearer, move.code, move.identity);
      storeAuthToken(answer.Token);
      // Spec §7: the page reloads after an import, as the receiving account.
      reload();
    });

  return (
    <section
      className="mt-5 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby="profile-move-sign-in"
      data-testid="move-sign-in"
    >
      <h2 id="profile-move-sign-in" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.moveTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('profile.moveHint')}</p>
      {failure && (
        <div className="mb-3">
          <Notice tone="danger">{t(failure)}</Notice>
        </div>
      )}
      {movable.length > 0 && (
        <div className="mb-4 grid gap-2 sm:grid-cols-2">
          {movable.map((identifier) => (
            <Button
              key={`${identifier.Type}:${identifier.Id}`}
              variant="secondary"
              disabled={busy}
              onClick={() => makeCode({ SocialIdentifierType: identifier.Type, SocialIdentifier: identifier.Id })}
            >
              <span className="truncate">{t('profile.moveMakeCode', { identity: identifier.Type })}</span>
            </Button>
          ))}
        </div>
      )}
      {made && (
        <div className="mb-4 grid gap-1.5">
          <label htmlFor="move-code-made" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            {t('profile.moveMakeCode', { identity: made.label })}
          </label>
          <input id="move-code-made" readOnly value={made.code} className={INPUT_CLASS} data-testid="move-code" />
        </div>
      )}
      {pending ? (
        <div className="grid gap-3">
          <Notice tone="info">
            {t('profile.moveConfirm', {
              identity: `${pending.identity.SocialIdentifierType} ${pending.identity.SocialIdentifier}`,
            })}
          </Notice>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => confirm(pending)}>
              {t('profile.moveDo')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setPending(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor="move-code-entered" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            {t('profile.moveCodeInput')}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id="move-code-entered"
              value={entered}
              onChange={(event) => setEntered(event.target.value)}
              autoComplete="off"
              className={INPUT_CLASS}
            />
            <Button variant="secondary" disabled={busy || entered.trim().length < 16} onClick={check}>
              {t('profile.moveCheck')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
