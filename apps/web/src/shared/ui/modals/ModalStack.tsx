import { Dialog } from 'radix-ui';
import { Suspense } from 'react';
import type { ModalEntry } from './modal-manager';

/** Each open modal in its own Dialog root; modal components may themselves load lazily. */
export function ModalStack({ entries, onClose }: { entries: ModalEntry[]; onClose: (id: number) => void }) {
  return entries.map((entry) => (
    <Dialog.Root key={entry.id} open onOpenChange={(open) => open || onClose(entry.id)}>
      <Suspense fallback={null}>{entry.render(() => onClose(entry.id))}</Suspense>
    </Dialog.Root>
  ));
}
