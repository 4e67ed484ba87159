// For component tests only: what assistive technology reads about an element, beyond its name.

/**
 * An element's accessible description: the text of the elements its aria-describedby names
 * (a field's problem or hint, a dialog's description), or '' when it names none.
 */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ')
    .trim();
}
