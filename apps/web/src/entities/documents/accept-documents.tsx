import { lazy } from 'react';
import type { Logger } from '../../shared/lib/logger';
import { ClosedWatcher } from '../../shared/ui/modals/ClosedWatcher';
import type { ModalApi } from '../../shared/ui/modals/modal-manager';
import {
  acceptDocumentVersion,
  type DocumentsCaller,
  type DocumentVersion,
  fetchGameDocument,
  fetchLatestUnaccepted,
  type LegalDocument,
} from './documents-api';

const LazyAcceptDocumentModal = lazy(async () => ({
  default: (await import('./AcceptDocumentModal')).AcceptDocumentModal,
}));

export interface AcceptanceDeps {
  caller: DocumentsCaller;
  modals: ModalApi;
  logger: Logger;
  /** Where a document without text can be read. */
  linkOf(document: LegalDocument): string;
  /** Only the documents this accepts (the SDK asks about one type); all otherwise. */
  only?(document: LegalDocument): boolean;
  /** Stops the run and closes its modal (the page went away). */
  signal?: AbortSignal;
}

/**
 * Shows the accept-document modal for every latest version the player has not
 * accepted, one after another, and resolves once none is left; answers how many
 * were shown. Spec §4: a document that cannot be fetched is logged and the normal
 * modal opens anyway; a failed accept is only logged. A list that cannot be fetched
 * is logged and stops nobody from playing.
 */
export async function acceptPendingDocuments(deps: AcceptanceDeps): Promise<number> {
  const { caller, logger, signal } = deps;
  let pending: LegalDocument[];
  try {
    pending = await fetchLatestUnaccepted(caller);
  } catch (error) {
    logger.error('documents to accept could not be listed', error);
    return 0;
  }
  let shown = 0;
  for (const listed of pending.filter((document) => deps.only?.(document) ?? true)) {
    if (signal?.aborted) break;
    const version = await latestVersion(caller, listed, logger);
    if (signal?.aborted) break;
    await askToAccept(deps, listed, version);
    shown += 1;
  }
  return shown;
}

/** The listed version, with the text of the document fetched on its own when that works. */
async function latestVersion(
  caller: DocumentsCaller,
  listed: LegalDocument,
  logger: Logger,
): Promise<DocumentVersion | undefined> {
  const version = listed.Versions[0];
  try {
    const fetched = await fetchGameDocument(caller, listed.Id);
    return fetched.Versions.find((candidate) => candidate.Id === version?.Id) ?? version;
  } catch (error) {
    logger.error(`document ${listed.Id} could not be fetched`, error);
    return version;
  }
}

function askToAccept(deps: AcceptanceDeps, document: LegalDocument, version: DocumentVersion | undefined) {
  return new Promise<void>((resolve) => {
    const accept = async () => {
      try {
        if (version) await acceptDocumentVersion(deps.caller, version);
      } catch (error) {
        deps.logger.error(`document ${document.Id} could not be accepted`, error);
      }
      deps.modals.close(id);
    };
    const id = deps.modals.open(() => (
      <>
        <ClosedWatcher onGone={resolve} />
        <LazyAcceptDocumentModal document={document} version={version} link={deps.linkOf(document)} onAccept={accept} />
      </>
    ));
    deps.signal?.addEventListener('abort', () => deps.modals.close(id), { once: true });
  });
}
