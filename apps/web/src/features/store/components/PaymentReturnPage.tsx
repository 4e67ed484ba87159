import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StorePlaceholder } from './StorePlaceholder';

/** /Store/Return/{id}: where payment providers send the player back. */
export function PaymentReturnPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <StorePlaceholder title={t('store.returnTitle')} body={t('store.returnBody', { id })} />;
}
