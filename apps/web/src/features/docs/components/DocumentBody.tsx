import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegalDocument } from '../../../entities/documents/documents-api';
import { languageDisplayName } from '../../../shared/i18n/language';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';

// The markdown renderer is the heaviest part of a document page: it loads with the first document.
const MarkdownContent = lazy(async () => ({
  default: (await import('../../../shared/ui/MarkdownContent')).MarkdownContent,
}));

/** The newest version of a document: when it changed, the text, and a Print button. */
export function DocumentBody({ document, language }: { document: LegalDocument; language: string }) {
  const { t, i18n } = useTranslation();
  const version = document.Versions[0];
  if (!version) return <p className="text-red-700 dark:text-red-300">{t('docs.notFound')}</p>;
  const uiLanguage = i18n.resolvedLanguage ?? 'en';
  const date = new Intl.DateTimeFormat(uiLanguage, { dateStyle: 'long' }).format(new Date(version.CreatedAt));
  return (
    <article lang={version.Content.Locale}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4 dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-400" lang={uiLanguage}>
          {t('docs.updated', { date })}
        </p>
        <Button variant="secondary" size="sm" onClick={() => window.print()} className="print:hidden">
          {t('common.print')}
        </Button>
      </div>
      {version.Content.Locale !== language && (
        <p
          className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          lang={uiLanguage}
        >
          {t('docs.otherLanguage', { language: languageDisplayName(version.Content.Locale, uiLanguage) })}
        </p>
      )}
      <Suspense fallback={<Spinner />}>
        <MarkdownContent text={version.Content.Value} />
      </Suspense>
    </article>
  );
}
