import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';

interface CardChoiceProps {
  /** The saved card on offer; absent, the player types a number. */
  card: { Brand: string; Last4: string } | null | undefined;
  /** The player asks to type a number instead of the saved card. */
  onAnotherCard: () => void;
  cardNumber: string;
  onCardNumber: (value: string) => void;
  /** Where the typed number goes (the form's bank, or the bank's widget). */
  hint: string;
}

/** The card to pay with on a card payment form: the saved card, or a number field. */
export function CardChoice({ card, onAnotherCard, cardNumber, onCardNumber, hint }: CardChoiceProps) {
  const { t } = useTranslation();
  const id = useId();
  if (card) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p data-testid="payment-form-card">
          {t('store.paymentFormSavedCard', { brand: card.Brand, last4: card.Last4 })}
        </p>
        <Button variant="ghost" size="sm" onClick={onAnotherCard}>
          {t('store.paymentFormAnotherCard')}
        </Button>
      </div>
    );
  }
  return (
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
        {hint}
      </p>
    </div>
  );
}
