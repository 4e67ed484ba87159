import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';

/** LoginWithTempToken?token=…: sign-in with a one-time token (arrives with temp-token sign-in). */
export function LoginWithTempTokenPage() {
  const { t } = useTranslation();
  return (
    <InfoPage
      title={t('auth.tempTokenTitle')}
      badge={t('common.comingSoon')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('common.backHome')}
        </Link>
      }
    >
      {t('auth.tempTokenBody')}
    </InfoPage>
  );
}
