import { useTranslation } from 'react-i18next';
import { StorePlaceholder } from './StorePlaceholder';

/** /Store/ContinueWithPI: a payment that needs the player's email or phone continues here. */
export function ContinueWithPiPage() {
  const { t } = useTranslation();
  return <StorePlaceholder title={t('store.continueTitle')} body={t('store.continueBody')} />;
}
