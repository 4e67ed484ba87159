/** The right-click menu gets in the way of games and long-presses on phones (spec §1). */
export function disableContextMenu(target: Pick<Document, 'addEventListener'> = document): void {
  target.addEventListener('contextmenu', (event) => event.preventDefault());
}
