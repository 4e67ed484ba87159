import { lazy, useCallback } from 'react';
import { ClosedWatcher } from '../../../shared/ui/modals/ClosedWatcher';
import { useModals } from '../../../shared/ui/modals/modal-manager';
import type { LoginModalOptions } from '../components/LoginModal';

// The modal (and its form library) loads when first opened, not with the page.
const LazyLoginModal = lazy(async () => ({ default: (await import('../components/LoginModal')).LoginModal }));

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
