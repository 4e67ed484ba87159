/** Text made inert in HTML: every character that could open markup or an attribute becomes an entity. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}
