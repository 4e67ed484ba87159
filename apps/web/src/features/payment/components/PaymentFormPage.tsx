import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { type PaymentFormChoice, usePaymentForm, usePaymentFormChoice } from '../api/payment-form';
import { Bank131FormPage } from './Bank131FormPage';
import { CheckoutShell } from './CheckoutShell';
import { PaymentFormDetails } from './PaymentFormDetails';

/** The sandbox bank's test card (passes the Luhn check the server applies). */
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

function statusOf(error: unknown): number {
  return (error as { status?: number } | null)?.status ?? 0;
}

/** Why the server refused a choice the page can still retry: a bad card, or anything else. */
function choiceErrorKey(error: unknown) {
  return statusOf(error) === 400 ? ('store.paymentFormCardInvalid' as const) : ('store.paymentFormFailed' as const);
}

/** How an answered form ended, shown in the checkout modal until it closes. */
type Outcome = 'Paid' | 'Declined' | 'Cancelled';

function outcomeOf(picked: PaymentFormChoice, success: boolean): Outcome {
  if (picked === 'Abandon') return 'Cancelled';
  return picked === 'Pay' && success ? 'Paid' : 'Declined';
}

const OUTCOME_TONE = { Paid: 'info', Declined: 'danger', Cancelled: 'warning' } as const;

/**
 * /{token}: the card payment form, which is the sandbox bank's checkout. It shows the bank
 * (demo mode), the product and its price; Pay, Decline or Cancel tell the bank, which
 * notifies fxid as a real bank would, and the player goes on to the success or failure
 * address. A checkout already decided (the player came back, or answered in another tab)
 * shows its outcome and the way to the order. `leave` is the navigation, replaceable in tests;
 * it replaces the form in history, so Back from the next page skips an answered form.
 * With `?embed=1` (the portal's checkout modal) the form renders alone and compact, and an
 * answer shows its outcome in place: the modal closes itself 1 s after the purchase ends.
 */
export function PaymentFormPage({ leave = (url: string) => window.location.replace(url) }) {
  const { token = '' } = useParams();
  // A Bank131 (or Smart Glocal) checkout has its own form: the bank's widget and SBP.
  if (token.startsWith(BANK131_TOKEN_PREFIX)) return <Bank131FormPage leave={leave} />;
  return <SandboxFormPage token={token} leave={leave} />;
}

const BANK131_TOKEN_PREFIX = 'b131_';

function SandboxFormPage({ token, leave }: { token: string; leave: (url: string) => void }) {
  const { t, i18n } = useTranslation();
  const form = usePaymentForm(token, i18n.resolvedLanguage ?? 'en');
  const choice = usePaymentFormChoice(token);
  const [cardNumber, setCardNumber] = useState(TEST_CARD_NUMBER);
  const [anotherCard, setAnotherCard] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [search] = useSearchParams();
  const embedded = search.get('embed') === '1';
  const Shell = embedded ? CheckoutShell : InfoPage;
  const data = form.data;
  // Inside the checkout modal there is no "home" to go to: the modal closes instead.
  const home = !embedded && (
    <Link to="/" className={buttonClass('secondary')}>
      {t('common.backHome')}
    </Link>
  );

  const answer = (picked: PaymentFormChoice) => {
    if (!data) return;
    const typed = picked === 'Pay' && (anotherCard || !data.Card);
    const card = typed ? { CardNumber: cardNumber.replace(/[\s-]/g, '') } : {};
    choice.mutate(
      { PublicId: data.PublicId, Choice: picked, ...card },
      {
        onSuccess: (result) => {
          if (embedded) setOutcome(outcomeOf(picked, result.Data.Success));
          else leave(result.Data.Success ? data.RedirectUris.Success : data.RedirectUris.Failure);
        },
        // Decided meanwhile: the form, asked again, carries the outcome.
        onError: (error) => statusOf(error) === 409 && form.refetch(),
      },
    );
  };

  if (form.isPending) {
    return (
      <Shell title={t('store.paymentFormTitle')}>
        <Spinner />
      </Shell>
    );
  }
  if (outcome) {
    return (
      <Shell title={t('store.paymentFormTitle')}>
        <Notice tone={OUTCOME_TONE[outcome]}>
          <p data-testid="payment-form-outcome" className="font-semibold">
            {t(`store.paymentFormOutcome.${outcome}`)}
          </p>
          <p>{t('store.paymentFormOutcomeClosing')}</p>
        </Notice>
      </Shell>
    );
  }
  if (!data || choice.isSuccess) {
    let text = t('store.paymentFormRedirecting');
    if (!data) text = statusOf(form.error) >= 500 ? t('store.continueFailed') : t('store.paymentFormInvalid');
    return (
      <Shell title={t('store.paymentFormTitle')} actions={!choice.isSuccess && home}>
        <Notice tone={choice.isSuccess ? 'info' : 'warning'}>{text}</Notice>
      </Shell>
    );
  }
  if (data.Status !== 'Open') {
    return (
      <Shell
        title={t('store.paymentFormTitle')}
        actions={
          <>
            <a href={data.RedirectUris.Success} className={buttonClass('primary')}>
              {t('store.paymentFormSeeOrder')}
            </a>
            {home}
          </>
        }
      >
        <Notice>{t(`store.paymentFormClosed.${data.Status}`)}</Notice>
      </Shell>
    );
  }

  return (
    <Shell title={t('store.paymentFormTitle')} badge={t('store.paymentFormDemoBadge')}>
      <form
        data-testid="payment-form"
        className={embedded ? 'grid gap-3 text-start' : 'grid gap-5 text-start'}
        onSubmit={(event) => {
          event.preventDefault();
          answer('Pay');
        }}
      >
        <PaymentFormDetails
          form={data}
          cardNumber={cardNumber}
          onCardNumber={setCardNumber}
          anotherCard={anotherCard}
          onAnotherCard={() => setAnotherCard(true)}
        />
        {choice.isError && <Notice tone="danger">{t(choiceErrorKey(choice.error))}</Notice>}
        <div className={embedded ? 'flex flex-wrap gap-2' : 'flex flex-wrap justify-center gap-3'}>
          <Button type="submit" disabled={choice.isPending}>
            {t('store.paymentFormPay', { price: data.Product.Price })}
          </Button>
          <Button variant="secondary" disabled={choice.isPending} onClick={() => answer('Decline')}>
            {t('store.paymentFormDecline')}
          </Button>
          <Button variant="ghost" disabled={choice.isPending} onClick={() => answer('Abandon')}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </Shell>
  );
}
