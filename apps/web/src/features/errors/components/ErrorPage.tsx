import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useBranding } from '../../../entities/game/branding';
import type { ErrorNavigationState } from '../../../shared/lib/error-navigation';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { AlertIcon } from '../../../shared/ui/icons';
import { useClipboard } from '../../../shared/ui/modals/use-clipboard';
import { formatBody, inviteErrorKey, problemMessage } from '../error-message';

/**
 * /error and /Error: what failed (navigation state: status, status text, body, url)
 * or an invite error (query inviteErrorCode).
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const { branding } = useBranding();
  const state = (useLocation().state ?? {}) as ErrorNavigationState;
  const [search] = useSearchParams();
  const inviteCode = search.get('inviteErrorCode');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { copy, copied } = useClipboard();
  useDocumentTitle(t('errorPage.title'), branding.BrandName);

  const message = inviteCode
    ? { key: inviteErrorKey(inviteCode), params: {} }
    : problemMessage(state.status, state.body);
  const hasDetails = state.status !== undefined && !!state.body;
  const details = hasDetails && state.body ? formatBody(state.body) : '';

  return (
    <InfoPage
      icon={<AlertIcon width={40} height={40} />}
      title={t('errorPage.title')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('common.backHome')}
        </Link>
      }
    >
      <p data-testid="error-message">{t(message.key, message.params as Record<string, unknown>)}</p>
      {(state.status !== undefined || state.url) && (
        <dl className="mx-auto mt-6 grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-start text-sm">
          {state.status !== undefined && (
            <>
              <dt className="font-semibold text-slate-700 dark:text-slate-200">{t('errorPage.status')}</dt>
              <dd data-testid="error-status">
                {state.status} {state.statusText}
              </dd>
            </>
          )}
          {state.url && (
            <>
              <dt className="font-semibold text-slate-700 dark:text-slate-200">{t('errorPage.address')}</dt>
              <dd className="break-all font-mono text-xs leading-5">{state.url}</dd>
            </>
          )}
        </dl>
      )}
      {hasDetails && (
        // A plain disclosure button: a collapsible component would add its library to this page's first load.
        <div className="mt-6 text-start">
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((shown) => !shown)}
            >
              {open ? t('errorPage.hideDetails') : t('errorPage.showDetails')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => copy(details, { showModalOnFail: true })}>
              {copied ? t('common.copied') : t('errorPage.copyDetails')}
            </Button>
          </div>
          {open && (
            <pre
              id={detailsId}
              data-testid="error-details"
              className="mt-4 max-h-80 overflow-auto rounded-xl bg-slate-950 p-4 text-xs leading-5 text-slate-100"
            >
              {details}
            </pre>
          )}
        </div>
      )}
    </InfoPage>
  );
}
