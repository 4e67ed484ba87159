import { h } from './dom.js';

/** A short message at the bottom of the screen. */
export function createToast(): (text: string) => void {
  const element = h('div', { class: 'toast', role: 'status' });
  document.body.append(element);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (text) => {
    element.textContent = text;
    element.classList.add('shown');
    clearTimeout(timer);
    timer = setTimeout(() => element.classList.remove('shown'), 2200);
  };
}
