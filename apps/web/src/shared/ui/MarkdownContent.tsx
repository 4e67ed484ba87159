import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/** Markdown rendered safely: raw HTML is never passed through, and the result is sanitised. */
export function MarkdownContent({ text }: { text: string }) {
  return (
    <div className="doc-prose">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {text}
      </Markdown>
    </div>
  );
}
