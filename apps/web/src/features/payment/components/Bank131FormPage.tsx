import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { useBank131Form, useBank131Pay, useBank131Sbp } from '../api/bank131-form';
import { loadBank131Widget } from '../bank131-widget';
import { Bank131SbpPanel } from './Bank131SbpPanel';
import { CardChoice } from './CardChoice';
import { CheckoutShell } from './CheckoutShell';
import { PaymentFormProduct } from './PaymentFormProduct';

/** A test card number for the bank's demo environment, filled in there only. */
const DEMO_CARD_NUMBER = '4242 4242 4242 4242';
const BANK_NAMES = { Bank131: 'Bank 131', SmartGLocal: 'Smart Glocal' } as const;
const OUTCOME_TONE = { Paid: 'info', Declined: 'danger', Cancelled: 'warning', Refunded: 'warning' } as const;
type Problem = 'widgetFailed' | 'cardRefused' | 'failed';

/**
 * /{token}?PublicId: the card payment form of a Bank131 (or Smart Glocal) checkout. It shows the
 * bank, the product, where the receipt goes and the saved card; the card number is typed for
 * the bank's widget, which turns it into a token (the number never reaches fxid), or the player
 * pays by SBP with the QR the bank issues. The bank decides and notifies fxid; the page asks
 * each second until the outcome, then goes on (or, in the checkout modal, shows it).
 */
export function Bank131FormPage({ leave = (url: string) => window.location.replace(url) }) {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const publicId = search.get('PublicId') ?? '';
  const embedded = search.get('embed') === '1';
  const Shell = embedded ? CheckoutShell : InfoPage;
  const [waiting, setWaiting] = useState(false);
  const [sbp, setSbp] = useState(false);
  const [anotherCard, setAnotherCard] = useState(false);
  const [cardNumber, setCardNumber] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const left = useRef(false);
  const form = useBank131Form(token, publicId, i18n.resolvedLanguage ?? 'en', waiting || sbp);
  const pay = useBank131Pay(token);
  const qr = useBank131Sbp(token, publicId, sbp);
  const data = form.data;
  const decided = data && data.Status !== 'Open' && data.Status !== 'Processing';

  // Demo mode takes the bank's test card; a live form starts empty.
  useEffect(() => {
    if (data?.Bank.DemoMode) setCardNumber((current) => current || DEMO_CARD_NUMBER);
  }, [data?.Bank.DemoMode]);

  // The outcome of the player's own payment: on to the next page (the modal shows it instead).
  useEffect(() => {
    if (!waiting && !sbp) return;
    if (!data || !decided || embedded || left.current) return;
    left.current = true;
    leave(data.Status === 'Paid' ? data.RedirectUris.Success : data.RedirectUris.Failure);
  }, [waiting, sbp, data, decided, embedded, leave]);

  const home = !embedded && (
    <Link to="/" className={buttonClass('secondary')}>
      {t('common.backHome')}
    </Link>
  );
  const title = t('store.paymentFormTitle');
  if (form.isPending) {
    return (
      <Shell title={title}>
        <Spinner />
      </Shell>
    );
  }
  if (!data) {
    const text = (form.error as { status?: number } | null)?.status ?? 0;
    return (
      <Shell title={title} actions={home}>
        <Notice tone="warning">{text >= 500 ? t('store.continueFailed') : t('store.paymentFormInvalid')}</Notice>
      </Shell>
    );
  }
  if (decided) {
    const status = data.Status as keyof typeof OUTCOME_TONE;
    const mine = waiting || sbp;
    return (
      <Shell
        title={title}
        actions={
          !mine && (
            <>
              <a href={data.RedirectUris.Success} className={buttonClass('primary')}>
                {t('store.paymentFormSeeOrder')}
              </a>
              {home}
            </>
          )
        }
      >
        <Notice tone={OUTCOME_TONE[status]}>
          <p data-testid="payment-form-outcome" className="font-semibold">
            {mine && status !== 'Refunded'
              ? t(`store.paymentFormOutcome.${status}`)
              : t(`store.paymentFormClosed.${status}`)}
          </p>
          {mine && <p>{embedded ? t('store.paymentFormOutcomeClosing') : t('store.paymentFormRedirecting')}</p>}
        </Notice>
      </Shell>
    );
  }

  const card = anotherCard ? undefined : data.Card;
  const busy = pay.isPending || tokenizing;
  const payByCard = async () => {
    setProblem(null);
    let cardToken: string | undefined;
    if (!card) {
      if (!data.Widget) return;
      setTokenizing(true);
      try {
        const widget = await loadBank131Widget(data.Widget.ScriptUrl).catch(() => {
          setProblem('widgetFailed');
          return undefined;
        });
        if (!widget) return;
        const number = cardNumber.replace(/[\s-]/g, '');
        cardToken = await widget.tokenize({ publicToken: data.Widget.PublicToken, number }).catch(() => {
          setProblem('cardRefused');
          return undefined;
        });
        if (!cardToken) return;
      } finally {
        setTokenizing(false);
      }
    }
    pay.mutate(
      { PublicId: data.PublicId, Choice: 'Pay', ...(cardToken ? { CardToken: cardToken } : {}) },
      { onSuccess: () => setWaiting(true), onError: () => setProblem('failed') },
    );
  };
  const cancel = () =>
    pay.mutate(
      { PublicId: data.PublicId, Choice: 'Abandon' },
      { onSuccess: () => setWaiting(true), onError: () => setProblem('failed') },
    );

  const processing = data.Status === 'Processing' || waiting;
  return (
    <Shell title={title} badge={data.Bank.DemoMode ? t('store.paymentFormDemoBadge') : undefined}>
      <div data-testid="bank131-form" className={embedded ? 'grid gap-3 text-start' : 'grid gap-5 text-start'}>
        <div className="grid gap-1 text-sm">
          <p>
            {t('store.paymentFormBank')}{' '}
            <strong data-testid="payment-form-bank">{BANK_NAMES[data.Bank.ApiType]}</strong>
          </p>
          {data.Bank.DemoMode && <Notice>{t('store.bank131.demo')}</Notice>}
        </div>
        <PaymentFormProduct product={data.Product} />
        {data.Address && (
          <p className="text-sm" data-testid="payment-form-address">
            {t('store.bank131.receipt', { address: data.Address.Address })}
          </p>
        )}
        {sbp ? (
          <Bank131SbpPanel content={qr.data?.Qr?.Content ?? null} />
        ) : processing ? (
          <div className="flex items-center gap-3 text-sm" data-testid="bank131-processing">
            <Spinner />
            <span>{t('store.bank131.processing')}</span>
          </div>
        ) : (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void payByCard();
            }}
          >
            <CardChoice
              card={card}
              onAnotherCard={() => setAnotherCard(true)}
              cardNumber={cardNumber}
              onCardNumber={setCardNumber}
              hint={t('store.bank131.cardHint')}
            />
            {problem && (
              <Notice tone="danger">
                {problem === 'failed' ? t('store.paymentFormFailed') : t(`store.bank131.${problem}`)}
              </Notice>
            )}
            <div className={embedded ? 'flex flex-wrap gap-2' : 'flex flex-wrap justify-center gap-3'}>
              <Button type="submit" disabled={busy}>
                {t('store.paymentFormPay', { price: data.Product.Price })}
              </Button>
              {data.Sbp && (
                <Button variant="secondary" disabled={busy} onClick={() => setSbp(true)}>
                  {t('store.bank131.payBySbp')}
                </Button>
              )}
              <Button variant="ghost" disabled={busy} onClick={cancel}>
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Shell>
  );
}
