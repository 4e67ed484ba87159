/** What the document viewer shows: text as markdown, a picture, or another page in a frame. */
export type ViewerContent =
  | { kind: 'markdown'; text: string /** Language of the text, for `lang`. */; locale?: string }
  | { kind: 'image'; url: string }
  | { kind: 'iframe'; url: string };

const IMAGE_PATH = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/**
 * The viewer content of a document given as text and/or an address: its text when it
 * has any, else the address as a picture when it names an image file, else as a page.
 */
export function viewerContentOf(text: string | undefined, url: string | undefined, locale?: string): ViewerContent {
  if (text?.trim()) return { kind: 'markdown', text, ...(locale ? { locale } : {}) };
  if (!url) return { kind: 'markdown', text: '' };
  const path = new URL(url, window.location.href).pathname;
  return IMAGE_PATH.test(path) ? { kind: 'image', url } : { kind: 'iframe', url };
}
