import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Where a link or an image may point: http(s), mailto, or a relative address. Anything else
 * (javascript:, vbscript:, data:, file:, …) loses the attribute and keeps its text.
 */
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a scheme, so the check does too
const IGNORED_IN_URL = /[\u0000-\u0020]/g;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** GitHub-flavoured markdown (tables, strikethrough, task lists, autolinks); raw HTML is shown as text. */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: { html: ({ text }) => escapeHtml(text) },
});

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** One DOMPurify of our own (its hooks are per instance): HTML only, no styles, safe URLs only. */
function purify() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (
      (data.attrName === 'href' || data.attrName === 'src') &&
      !SAFE_URL.test(data.attrValue.replace(IGNORED_IN_URL, ''))
    )
      data.keepAttr = false;
  });
  return purifier;
}

/**
 * Markdown from the server (documents, guides) as HTML that cannot run anything: raw HTML in the
 * source is escaped by the renderer, and the result is sanitised again by DOMPurify (no scripts,
 * frames, styles, SVG, event handlers, or URLs other than http(s), mailto and relative ones).
 */
export function renderMarkdown(text: string): string {
  const html = markdown.parse(text) as string;
  return purify().sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
