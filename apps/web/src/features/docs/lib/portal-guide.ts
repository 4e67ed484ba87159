/** A Markdown link whose target is a path in the repository, e.g. `[format](../../catalog/README.md)`. */
const REPOSITORY_LINK = /\[([^\]]+)\]\((?![a-z][a-z0-9+.-]*:|#|\/)[^)]*\)/gi;

/** The README's own title (the package name): the page has a title of its own. */
const PACKAGE_TITLE = /^# .*\n+/;

/**
 * The SDK README as the portal shows it, under the page's own title: links to files of
 * the repository lead nowhere on the portal, so they become plain text (the file's name
 * stays readable in the text).
 */
export function portalGuide(readme: string): string {
  return readme.replace(PACKAGE_TITLE, '').replace(REPOSITORY_LINK, '$1');
}
