import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { DocumentLoader } from './DocumentLoader';

/** {game}/documents/{id}/view: one document of a game by its id. */
export function DocumentViewPage() {
  const { i18n } = useTranslation();
  const config = usePageConfig();
  const params = useParams();
  const id = Number(params.id);
  return (
    <DocumentLoader
      game={config.FixedGame ?? params.game}
      language={i18n.resolvedLanguage ?? 'en'}
      pick={(documents) => documents.find((document) => document.Id === id)}
    />
  );
}
