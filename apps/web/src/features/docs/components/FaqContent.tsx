import { useTranslation } from 'react-i18next';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { useFaq } from '../api/faq';

/**
 * The company's FAQ (the catalog's Company.Faq) in `language`, as questions that open on click.
 * `showTitle` false where a modal's title bar already names it.
 */
export function FaqContent({ language, showTitle = true }: { language: string; showTitle?: boolean }) {
  const { t } = useTranslation();
  const faq = useFaq(language);
  if (faq.isPending) return <Spinner />;
  if (faq.isError) {
    const missing = (faq.error as { status?: number }).status === 404;
    return <Notice tone={missing ? 'info' : 'danger'}>{t(missing ? 'docs.notFound' : 'docs.loadError')}</Notice>;
  }
  return (
    <article lang={faq.data.Locale} className="doc-prose">
      {showTitle && <h1>{faq.data.Title}</h1>}
      {faq.data.Entries.map((entry) => (
        <details
          key={entry.Question}
          className="mt-3 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-800"
        >
          <summary className="cursor-pointer font-semibold">{entry.Question}</summary>
          <p>{entry.Answer}</p>
        </details>
      ))}
    </article>
  );
}
