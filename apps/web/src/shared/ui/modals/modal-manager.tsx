import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useRef, useState } from 'react';

/** Renders a modal's content; `close` removes it from the stack. */
export type ModalRender = (close: () => void) => ReactNode;

export interface ModalApi {
  open(render: ModalRender): number;
  close(id: number): void;
  closeAll(): void;
}

export interface ModalEntry {
  id: number;
  render: ModalRender;
}

const ModalContext = createContext<ModalApi | null>(null);

// The dialog primitives load with the first modal, not with the page.
const ModalStack = lazy(async () => ({ default: (await import('./ModalStack')).ModalStack }));

/** The focused control when a modal opens: where focus goes back when it closes. */
function focusedControl(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Gives focus back to the control that opened a modal. Radix returns focus only to a
 * Dialog.Trigger, and these modals open from code, so without this focus would fall to
 * the page body. Runs after the dialog's own unmount work; leaves focus alone if
 * something else took it meanwhile (another modal, a page that moved it on purpose).
 */
function restoreFocus(openers: (HTMLElement | null)[]) {
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    openers.find((opener) => opener?.isConnected)?.focus();
  }, 0);
}

/**
 * The one modal manager: a stack of modals, each rendered into its own Radix
 * Dialog root (focus trap, Escape, aria-modal), the newest on top. Closing one
 * returns focus to the control that opened it.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<ModalEntry[]>([]);
  const nextId = useRef(0);
  const openers = useRef(new Map<number, HTMLElement | null>());
  const api = useMemo<ModalApi>(
    () => ({
      open(render) {
        nextId.current += 1;
        const id = nextId.current;
        openers.current.set(id, focusedControl());
        setStack((entries) => [...entries, { id, render }]);
        return id;
      },
      close(id) {
        if (!openers.current.has(id)) return;
        const opener = openers.current.get(id) ?? null;
        openers.current.delete(id);
        setStack((entries) => entries.filter((entry) => entry.id !== id));
        restoreFocus([opener]);
      },
      closeAll() {
        // The oldest modal's opener is the control on the page itself.
        const all = [...openers.current.values()];
        openers.current.clear();
        setStack([]);
        restoreFocus(all);
      },
    }),
    [],
  );
  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.length > 0 && (
        <Suspense fallback={null}>
          <ModalStack entries={stack} onClose={api.close} />
        </Suspense>
      )}
    </ModalContext.Provider>
  );
}

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModals needs a ModalProvider');
  return api;
}
