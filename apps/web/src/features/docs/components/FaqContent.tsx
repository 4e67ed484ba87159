import { docsLanguageFor } from '../../../shared/documents/docs-files';
import { FAQ } from '../faq-content';

/** The FAQ in Russian or English, as questions that open on click. */
export function FaqContent({ language }: { language: string }) {
  const faq = FAQ[docsLanguageFor(language)];
  return (
    <article lang={language} className="doc-prose">
      <h1>{faq.title}</h1>
      {faq.entries.map((entry) => (
        <details
          key={entry.question}
          className="mt-3 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-800"
        >
          <summary className="cursor-pointer font-semibold">{entry.question}</summary>
          <p>{entry.answer}</p>
        </details>
      ))}
    </article>
  );
}
