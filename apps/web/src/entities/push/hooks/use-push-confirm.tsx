import { lazy } from 'react';
import { type ModalApi, useModals } from '../../../shared/ui/modals/modal-manager';

// Shown rarely: loads when first asked, like the kit's modals (shared/ui/modals/lazy-modals.ts).
const LazyPushPermissionModal = lazy(async () => ({
  default: (await import('../components/PushPermissionModal')).PushPermissionModal,
}));

/** Opens the push-permission confirm (cancel/ok); resolves true on OK, false on cancel or Escape. */
export function askPushConfirm(modals: ModalApi): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    modals.open((close) => (
      <LazyPushPermissionModal
        onConfirm={() => resolve(true)}
        onClose={() => {
          close();
          // OK closes the modal before confirming: a later "false" loses to that "true".
          queueMicrotask(() => resolve(false));
        }}
      />
    ));
  });
}

export function usePushConfirm(): () => Promise<boolean> {
  const modals = useModals();
  return () => askPushConfirm(modals);
}
