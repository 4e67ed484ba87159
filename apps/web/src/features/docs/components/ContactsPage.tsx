import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { DOCS_FILE_ADAPTERS, docsLanguageFor } from '../../../entities/documents/docs-files';
import { usePublicGameConfig } from '../../../entities/game/api/public-game-config';
import { platformOf } from '../../../shared/config/site';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Spinner } from '../../../shared/ui/Spinner';
import { DocumentPanel } from './DocumentPanel';

/** /docs/{game}/{adapter}/contacts: the company's legal contacts, in Russian or English. */
export function ContactsPage() {
  const { t } = useTranslation();
  const { game, adapter = '' } = useParams();
  const known = DOCS_FILE_ADAPTERS.includes(adapter);
  const config = usePublicGameConfig(known ? game : undefined, platformOf(adapter));
  const branding = config.data?.CompanyBranding;
  useDocumentTitle(t('docs.contacts'), branding?.BrandName ?? 'fxid');
  if (!known) return <Navigate to="/" replace />;

  return (
    <DocumentPanel>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('docs.contacts')}</h1>
      <div className="mt-4">
        <ContactsContent game={game} adapter={adapter} />
      </div>
    </DocumentPanel>
  );
}

/** The company's legal contacts for `game` on `adapter`'s platform, in Russian or English. */
export function ContactsContent({ game, adapter }: { game: string | undefined; adapter: string }) {
  const { t, i18n } = useTranslation();
  const config = usePublicGameConfig(game, platformOf(adapter));
  const branding = config.data?.CompanyBranding;
  const language = docsLanguageFor(i18n.resolvedLanguage);
  const contacts = config.data?.PublicWebClientConfig.LegalContacts ?? branding?.LegalContacts ?? {};
  const text = contacts[language] ?? contacts.en;
  if (config.isPending) return <Spinner />;
  if (config.isError) return <p className="text-red-700 dark:text-red-300">{t('docs.loadError')}</p>;
  return (
    <div className="space-y-2 text-slate-700 dark:text-slate-200">
      <p className="font-semibold">{branding?.CompanyName}</p>
      <p lang={language} className="leading-relaxed whitespace-pre-line">
        {text ?? t('docs.noContacts')}
      </p>
    </div>
  );
}
