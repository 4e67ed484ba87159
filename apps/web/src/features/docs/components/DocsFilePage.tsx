import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { DOCS_FILE_ADAPTERS, DOCS_FILE_LANGUAGES } from '../../../entities/documents/docs-files';
import { useBranding } from '../../../entities/game/branding';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Spinner } from '../../../shared/ui/Spinner';
import { DOCS_FILES } from '../doc-kinds';
import { useDocsGame } from '../hooks/use-docs-game';
import { DocumentLoader } from './DocumentLoader';
import { DocumentPanel } from './DocumentPanel';
import { FaqContent } from './FaqContent';

/** /docs/{adapter}/{lang}/{file}: the FAQ, terms or privacy policy in Russian or English. */
export function DocsFilePage() {
  const { t } = useTranslation();
  const { adapter = '', lang = '', file = '' } = useParams();
  const { branding } = useBranding();
  const { game, pending } = useDocsGame();
  const kind = DOCS_FILES[file];
  useDocumentTitle(kind === 'faq' ? t('docs.faq') : kind === 'PP' ? t('docs.pp') : t('docs.tos'), branding.BrandName);
  if (!kind || !DOCS_FILE_ADAPTERS.includes(adapter) || !DOCS_FILE_LANGUAGES.includes(lang)) {
    return <Navigate to="/" replace />;
  }
  if (kind === 'faq') {
    return (
      <DocumentPanel>
        <FaqContent language={lang} />
      </DocumentPanel>
    );
  }
  if (pending) return <Spinner />;
  return (
    <DocumentLoader
      game={game}
      language={lang}
      pick={(documents) => documents.find((document) => document.DocumentType.Value === kind && document.IsActive)}
    />
  );
}
