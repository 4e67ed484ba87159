import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';

/** /{token}: the card payment form of one order. */
export function PaymentFormPage() {
  const { t } = useTranslation();
  return (
    <InfoPage
      title={t('store.paymentFormTitle')}
      badge={t('common.comingSoon')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('common.backHome')}
        </Link>
      }
    >
      {t('store.paymentFormBody')}
    </InfoPage>
  );
}
