import { LazyDocumentViewerModal } from './lazy-modals';
import type { ModalApi } from './modal-manager';
import type { ViewerContent } from './viewer-content';

/** The one way to show a document in a modal: the viewer, loading what `load` answers. */
export function openDocumentViewer(modals: ModalApi, title: string, load: () => Promise<ViewerContent>): number {
  return modals.open((close) => <LazyDocumentViewerModal title={title} load={load} onClose={close} />);
}
