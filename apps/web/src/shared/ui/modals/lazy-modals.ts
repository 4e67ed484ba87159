import { lazy } from 'react';

// Modals are opened from every page but shown rarely: each loads when first opened,
// keeping the dialog primitives and the QR library out of the pages' first load.
export const LazyInfoModal = lazy(async () => ({ default: (await import('./InfoModal')).InfoModal }));
export const LazyTextCopyModal = lazy(async () => ({ default: (await import('./TextCopyModal')).TextCopyModal }));
export const LazyLinkShareModal = lazy(async () => ({ default: (await import('./LinkShareModal')).LinkShareModal }));
export const LazyIframeViewerModal = lazy(async () => ({
  default: (await import('./IframeViewerModal')).IframeViewerModal,
}));
export const LazyEmbeddedPageModal = lazy(async () => ({
  default: (await import('./EmbeddedPageModal')).EmbeddedPageModal,
}));
export const LazyDocumentViewerModal = lazy(async () => ({
  default: (await import('./DocumentViewerModal')).DocumentViewerModal,
}));
