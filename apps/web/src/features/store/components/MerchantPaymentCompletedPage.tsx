import { useTranslation } from 'react-i18next';
import { StorePlaceholder } from './StorePlaceholder';

/** /Store/MerchantPaymentCompleted/{token}: a merchant confirms a completed payment. */
export function MerchantPaymentCompletedPage() {
  const { t } = useTranslation();
  return <StorePlaceholder title={t('store.merchantTitle')} body={t('store.merchantBody')} />;
}
