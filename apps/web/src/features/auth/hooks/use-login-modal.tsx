import { lazy, useCallback, useEffect, useRef } from 'react';
import { useModals } from '../../../shared/modals/modal-manager';
import type { LoginModalOptions } from '../components/LoginModal';

// The modal (and its form library) loads when first opened, not with the page.
const LazyLoginModal = lazy(async () => ({ default: (await import('../components/LoginModal')).LoginModal }));

/** Reports when the modal leaves the stack, however it was closed (button, Escape, overlay). */
function ClosedWatcher({ onGone }: { onGone: () => void }) {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // StrictMode unmounts and remounts at once; only a removal that lasts counts.
      setTimeout(() => !mounted.current && onGone(), 0);
    };
  }, [onGone]);
  return null;
}

/**
 * Opens the login modal; resolves true once the player signed in through it, false
 * when they closed it first. Used by the header, the sign-in redirect and the game player.
 */
export function useLoginModal(): (options?: LoginModalOptions) => Promise<boolean> {
  const modals = useModals();
  return useCallback(
    (options: LoginModalOptions = {}) =>
      new Promise<boolean>((resolve) => {
        let authenticated = false;
        const onAuthenticated = () => {
          authenticated = true;
          options.onAuthenticated?.();
        };
        const onGone = () => resolve(authenticated);
        modals.open((close) => (
          <>
            <ClosedWatcher onGone={onGone} />
            <LazyLoginModal {...options} onAuthenticated={onAuthenticated} onClose={close} />
          </>
        ));
      }),
    [modals],
  );
}
