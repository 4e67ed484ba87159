import { useMemo } from 'react';
import { renderMarkdown } from '../lib/markdown';

/** Markdown rendered safely: raw HTML is never passed through, and the result is sanitised. */
export function MarkdownContent({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and sanitises its output
  return <div className="doc-prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
