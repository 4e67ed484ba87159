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

/**
 * The one modal manager: a stack of modals, each rendered into its own Radix
 * Dialog root (focus trap, Escape, aria-modal), the newest on top.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<ModalEntry[]>([]);
  const nextId = useRef(0);
  const api = useMemo<ModalApi>(
    () => ({
      open(render) {
        nextId.current += 1;
        const id = nextId.current;
        setStack((entries) => [...entries, { id, render }]);
        return id;
      },
      close(id) {
        setStack((entries) => entries.filter((entry) => entry.id !== id));
      },
      closeAll() {
        setStack([]);
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
