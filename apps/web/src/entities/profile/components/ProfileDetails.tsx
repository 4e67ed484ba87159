import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import type { Account } from '../api/account';
import { useMarketingSwitch } from '../api/marketing';
import { useRemoveSignInMethod } from '../api/remove-sign-in-method';
import { signInMethodName } from '../lib/sign-in-method-name';
import { Badge } from './Badge';
import { ConnectedGames } from './ConnectedGames';
import { CopyField } from './CopyField';

const sectionClass =
  'rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const headingClass = 'mb-2 text-lg font-semibold text-slate-900 dark:text-white';

/** Spec §2 Profile screen: who the player is, how they sign in, marketing email, connected games. */
export function ProfileDetails({ account }: { account: Account }) {
  const { t } = useTranslation();
  const marketing = useMarketingSwitch();
  const removal = useRemoveSignInMethod();
  // The only way in stays: the server refuses it too (last_sign_in_method).
  const removable = account.SocialIdentifiers.length > 1;
  const removalFailed = (removal.error as { problem?: { ErrorCode?: string } } | null)?.problem?.ErrorCode;
  // The Email identifier is the email above; the list shows the other ways in.
  const identifiers = account.SocialIdentifiers.filter((identifier) => identifier.Type !== 'Email');
  const languageName = account.Locale
    ? (new Intl.DisplayNames([account.Locale], { type: 'language' }).of(account.Locale) ?? account.Locale)
    : null;
  const countryName = account.GeoCountry
    ? (new Intl.DisplayNames([account.Locale ?? 'en'], { type: 'region' }).of(account.GeoCountry) ?? account.GeoCountry)
    : null;

  return (
    <div className="grid gap-5">
      <section className={sectionClass} aria-labelledby="profile-account">
        <h2 id="profile-account" className={headingClass}>
          {t('profile.account')}
        </h2>
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          {account.Email && (
            <CopyField
              label={t('profile.email')}
              value={account.Email}
              copyLabel={t('profile.copyEmail')}
              badge={account.EmailValidated && <Badge>{t('profile.verified')}</Badge>}
            />
          )}
          <CopyField label={t('profile.userId')} value={account.AccountId} copyLabel={t('profile.copyUserId')} />
          {countryName && (
            <div className="py-3">
              <dt className="text-sm text-slate-500 dark:text-slate-400">{t('profile.country')}</dt>
              <dd className="font-medium text-slate-900 dark:text-white">{countryName}</dd>
            </div>
          )}
          {languageName && (
            <div className="py-3">
              <dt className="text-sm text-slate-500 dark:text-slate-400">{t('profile.language')}</dt>
              <dd className="font-medium text-slate-900 capitalize dark:text-white">{languageName}</dd>
            </div>
          )}
        </dl>
      </section>

      <section className={sectionClass} aria-labelledby="profile-marketing">
        <h2 id="profile-marketing" className={headingClass}>
          {t('profile.marketingTitle')} {account.MarketingEnabled && <Badge>{t('profile.subscribed')}</Badge>}
        </h2>
        <label className="flex cursor-pointer items-center justify-between gap-4">
          <span className="text-slate-700 dark:text-slate-200">{t('profile.marketing')}</span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={account.MarketingEnabled}
            checked={account.MarketingEnabled}
            disabled={marketing.isPending}
            onChange={(event) => marketing.mutate(event.target.checked)}
            className="h-6 w-6 shrink-0 cursor-pointer accent-indigo-600"
          />
        </label>
        {marketing.isError && (
          <div className="mt-3">
            <Notice tone="danger">{t('profile.saveFailed')}</Notice>
          </div>
        )}
      </section>

      {identifiers.length > 0 && (
        <section className={sectionClass} aria-labelledby="profile-identities">
          <h2 id="profile-identities" className={headingClass}>
            {t('profile.signInMethods')}
          </h2>
          <ul className="grid gap-1" data-testid="social-identifiers">
            {identifiers.map((identifier) => (
              <li
                key={`${identifier.Type}:${identifier.Id}`}
                className="flex items-center justify-between gap-3 text-slate-700 dark:text-slate-200"
              >
                <span>
                  <span className="font-medium">{signInMethodName(identifier.Type, t)}</span>{' '}
                  <span className="break-all text-slate-500 dark:text-slate-400">{identifier.Id}</span>
                </span>
                {removable && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={removal.isPending}
                    aria-label={t('profile.removeSignIn', { method: signInMethodName(identifier.Type, t) })}
                    onClick={() => removal.mutate(identifier)}
                  >
                    {t('profile.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {removal.isError && (
            <div className="mt-3">
              <Notice tone="danger">
                {t(removalFailed === 'last_sign_in_method' ? 'errors.lastSignInMethod' : 'profile.saveFailed')}
              </Notice>
            </div>
          )}
        </section>
      )}

      <section className={sectionClass} aria-labelledby="profile-games">
        <h2 id="profile-games" className={headingClass}>
          {t('profile.games')}
        </h2>
        <ConnectedGames games={account.ConnectedGames} />
      </section>
    </div>
  );
}
