import { useTranslation } from 'react-i18next';
import { Notice } from '../../../shared/ui/Notice';
import type { PaymentForm } from '../api/payment-form';
import { CardChoice } from './CardChoice';
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
  const { Bank, Product } = form;
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
      <CardChoice
        card={anotherCard ? undefined : form.Card}
        onAnotherCard={onAnotherCard}
        cardNumber={cardNumber}
        onCardNumber={onCardNumber}
        hint={t('store.paymentFormCardHint')}
      />
    </>
  );
}
