/** Calls `action` on Space, Enter or ArrowUp while enabled, unless the player is typing in a field. */
export function bindKeys(action: () => void): { enabled: boolean } {
  const state = { enabled: true };
  window.addEventListener('keydown', (event) => {
    if (!state.enabled || event.repeat) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, button')) return;
    if (event.code === 'Space' || event.code === 'ArrowUp' || event.code === 'Enter') {
      event.preventDefault();
      action();
    }
  });
  return state;
}
