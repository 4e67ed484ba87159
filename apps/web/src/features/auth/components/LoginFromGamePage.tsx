import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';

/** LoginFromGame/{game}/{token}: connects a game's account to the player's (arrives with game connection). */
export function LoginFromGamePage() {
  const { t } = useTranslation();
  const { game = '' } = useParams();
  return (
    <InfoPage
      title={t('auth.fromGameTitle')}
      badge={t('common.comingSoon')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('common.backHome')}
        </Link>
      }
    >
      {t('auth.fromGameBody', { game })}
    </InfoPage>
  );
}
