import { useTranslation } from 'react-i18next';
import { type LegalDocument, useDocuments } from '../../../entities/documents/documents-api';
import { Spinner } from '../../../shared/ui/Spinner';
import { DocumentBody } from './DocumentBody';
import { DocumentPanel } from './DocumentPanel';

/** Loads a game's documents and shows the one `pick` chooses; failures show in red. */
export function DocumentLoader({
  game,
  language,
  pick,
}: {
  game: string | undefined;
  language: string;
  pick: (documents: LegalDocument[]) => LegalDocument | undefined;
}) {
  const { t } = useTranslation();
  const documents = useDocuments(game, language);
  let body: React.ReactNode;
  if (!game || documents.isError) body = <p className="text-red-700 dark:text-red-300">{t('docs.loadError')}</p>;
  else if (documents.isPending) body = <Spinner />;
  else {
    const document = pick(documents.data);
    body = document ? (
      <DocumentBody document={document} language={language} />
    ) : (
      <p className="text-red-700 dark:text-red-300">{t('docs.notFound')}</p>
    );
  }
  return <DocumentPanel>{body}</DocumentPanel>;
}
