import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';

/** The common shape of the store pages until the store opens. */
export function StorePlaceholder({ title, body, back = '/' }: { title: string; body: string; back?: string }) {
  const { t } = useTranslation();
  return (
    <InfoPage
      title={title}
      badge={t('common.comingSoon')}
      actions={
        <Link to={back} className={buttonClass('primary')}>
          {back === '/' ? t('common.backHome') : t('common.play')}
        </Link>
      }
    >
      {body}
    </InfoPage>
  );
}
