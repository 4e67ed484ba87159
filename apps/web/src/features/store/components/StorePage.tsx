import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGamesList } from '../../../shared/api/games-list';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { StorePlaceholder } from './StorePlaceholder';

/** /Store/{game}: the web store of a game. */
export function StorePage() {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const { game = '' } = useParams();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  const name = games.data?.find((item) => item.GameSystemName === game)?.Name ?? game;
  return (
    <StorePlaceholder
      title={t('store.storeTitle')}
      body={t('store.storeBody', { game: name })}
      back={`/play/${game}`}
    />
  );
}
