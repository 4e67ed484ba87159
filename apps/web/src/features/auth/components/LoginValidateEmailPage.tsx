import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';

/** LoginValidateEmail?inviteToken=…: sign-in from an email invitation (arrives with email sign-in). */
export function LoginValidateEmailPage() {
  const { t } = useTranslation();
  return (
    <InfoPage
      title={t('auth.validateEmailTitle')}
      badge={t('common.comingSoon')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('common.backHome')}
        </Link>
      }
    >
      {t('auth.validateEmailBody')}
    </InfoPage>
  );
}
