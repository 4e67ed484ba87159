import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBranding } from '../../../entities/game/branding';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Spinner } from '../../../shared/ui/Spinner';
import { docTypeOf } from '../doc-kinds';
import { useDocsGame } from '../hooks/use-docs-game';
import { DocumentLoader } from './DocumentLoader';

/** /Docs/{doc} and /Docs/{game}/{adapter}/{doc}: the terms or the privacy policy in the UI language. */
export function DocsPage() {
  const { t, i18n } = useTranslation();
  const { doc } = useParams();
  const { branding } = useBranding();
  const { game, pending } = useDocsGame();
  const type = docTypeOf(doc);
  useDocumentTitle(type === 'PP' ? t('docs.pp') : type === 'TOS' ? t('docs.tos') : undefined, branding.BrandName);
  if (!type) return <InfoPage title={t('docs.notFound')} />;
  if (pending) return <Spinner />;
  return (
    <DocumentLoader
      game={game}
      language={i18n.resolvedLanguage ?? 'en'}
      pick={(documents) => documents.find((document) => document.DocumentType.Value === type && document.IsActive)}
    />
  );
}
