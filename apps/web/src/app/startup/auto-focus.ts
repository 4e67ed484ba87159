import { options, type Ref, type VNode } from 'preact';

/** Elements already focused for their autoFocus: React focuses one as it mounts, never again. */
const focused = new WeakSet<Element>();

function applyRef(ref: Ref<unknown> | undefined, element: Element | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}

/**
 * `autoFocus` as React implements it: the element takes the focus when it mounts (a field in a
 * modal that opens, a form on a page the player navigated to). The build renders with
 * preact/compat (see vite.config.ts), which only writes the attribute, and browsers honour that
 * attribute for the page's first element at most. Inert where React renders (dev, unit tests).
 */
export function focusAutoFocusOnMount(): void {
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as { autoFocus?: unknown };
    if (typeof vnode.type === 'string' && props.autoFocus) {
      const ref = vnode.ref;
      // Refs are set once the whole tree is in the document, so focus() takes.
      vnode.ref = (element: Element | null) => {
        applyRef(ref, element);
        if (element instanceof HTMLElement && !focused.has(element)) {
          focused.add(element);
          element.focus();
        }
      };
    }
    next?.(vnode);
  };
}
