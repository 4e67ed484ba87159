import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { ExternalIcon } from '../../shared/ui/icons';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { useModals } from '../../shared/ui/modals/modal-manager';
import { openDocumentViewer } from '../../shared/ui/modals/open-document-viewer';
import { viewerContentOf } from '../../shared/ui/modals/viewer-content';
import { Spinner } from '../../shared/ui/Spinner';
import type { DocumentVersion, LegalDocument } from './documents-api';

// The markdown renderer loads with the first document shown, never with the page.
const MarkdownContent = lazy(async () => ({
  default: (await import('../../shared/ui/MarkdownContent')).MarkdownContent,
}));

/**
 * Spec §2 accept-document modal: the title, the document as safe markdown (or a link
 * when it has no text), and Accept. The player cannot dismiss it: accepting is the way on.
 */
export function AcceptDocumentModal({
  document,
  version,
  link,
  onAccept,
}: {
  document: LegalDocument;
  version: DocumentVersion | undefined;
  /** Where the full document can be read, for a version without text. */
  link: string;
  /** Resolves once the acceptance was sent (or failed and was logged). */
  onAccept(): Promise<void>;
}) {
  const { t } = useTranslation();
  const modals = useModals();
  const [busy, setBusy] = useState(false);
  const text = version?.Content.Value.trim();
  const name = t(document.DocumentType.Value === 'PP' ? 'docs.pp' : 'docs.tos');
  return (
    <ModalFrame
      title={t('documents.acceptTitle')}
      dismissible={false}
      footer={
        <Button
          autoFocus
          disabled={busy}
          data-testid="accept-document"
          onClick={() => {
            setBusy(true);
            void onAccept().finally(() => setBusy(false));
          }}
        >
          {t('documents.accept')}
        </Button>
      }
    >
      <h3 className="mb-3 font-semibold text-slate-700 dark:text-slate-200">{name}</h3>
      {text ? (
        <div
          lang={version?.Content.Locale}
          className="max-h-[50vh] overflow-auto rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          data-testid="accept-document-content"
        >
          <Suspense fallback={<Spinner />}>
            <MarkdownContent text={text} />
          </Suspense>
        </div>
      ) : (
        <a
          href={version?.Url ?? link}
          target="_blank"
          rel="noopener"
          // Read in the document viewer above this modal; the address stays for a new tab.
          onClick={(event) => {
            if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
            event.preventDefault();
            openDocumentViewer(modals, name, async () => viewerContentOf(undefined, version?.Url ?? link));
          }}
          className="inline-flex items-center gap-1 text-indigo-700 underline dark:text-indigo-300"
        >
          <ExternalIcon /> {t('documents.readDocument', { name })}
        </a>
      )}
    </ModalFrame>
  );
}
