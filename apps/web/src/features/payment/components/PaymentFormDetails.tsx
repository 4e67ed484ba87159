import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import type { PaymentForm } from '../api/payment-form';
import { PaymentFormProduct } from './PaymentFormProduct';

interface PaymentFormDetailsProps {
  form: PaymentForm;
  /** The card number typed; unused while the saved card is chosen. */
  cardNumber: string;
  onCardNumber: (value: string) => void;
  /** The player asked to type a number instead of the saved card. */
  anotherCard: boolean;
  onAnotherCard: () => void;
}

/** The bank, the product with its price, and the card to pay with: what the player agrees to. */
export function PaymentFormDetails({
  form,
  cardNumber,
  onCardNumber,
  anotherCard,
  onAnotherCard,
}: PaymentFormDetailsProps) {
  const { t } = useTranslation();
  const id = useId();
  const { Bank, Product } = form;
  const Card = anotherCard ? undefined : form.Card;
  return (
    <>
      <div className="grid gap-1 text-sm">
        <p>
          {t('store.paymentFormBank')}{' '}
          <strong>{Bank.ApiType === 'Sandbox' ? t('store.paymentFormSandboxBank') : Bank.ApiType}</strong>
        </p>
        {Bank.DemoMode && <Notice>{t('store.paymentFormDemo')}</Notice>}
      </div>
      <PaymentFormProduct product={Product} />
      {Card ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p data-testid="payment-form-card">
            {t('store.paymentFormSavedCard', { brand: Card.Brand, last4: Card.Last4 })}
          </p>
          <Button variant="ghost" size="sm" onClick={onAnotherCard}>
            {t('store.paymentFormAnotherCard')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-1 text-sm">
          <label htmlFor={`${id}-card`} className="font-medium text-slate-900 dark:text-white">
            {t('store.paymentFormCardLabel')}
          </label>
          <input
            id={`${id}-card`}
            aria-describedby={`${id}-card-hint`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            dir="ltr"
            required
            value={cardNumber}
            onChange={(event) => onCardNumber(event.target.value)}
            className="h-10 rounded-xl border border-slate-300 bg-white px-3 font-mono text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          />
          <p id={`${id}-card-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {t('store.paymentFormCardHint')}
          </p>
        </div>
      )}
    </>
  );
}
