/**
 * Accepts, through the API, every document of `game` the player must still accept,
 * as the accept-document modal would; for tests about something else than that modal.
 */
export async function acceptDueDocuments(site: string, token: string, game: string): Promise<number> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(new URL(`api/v1/${path}`, site), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST /api/v1/${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { Documents } = (await post('games/documents/list-latest-unaccepted-documents', {
    GameSystemName: game,
  })) as { Documents: { Id: number; Versions: { Id: number }[] }[] };
  for (const document of Documents) {
    const version = document.Versions[0];
    if (version) await post('games/documents/accept', { DocumentId: document.Id, DocumentVersionId: version.Id });
  }
  return Documents.length;
}

/** The dev mailbox page's text (newest first), where the outbox delivers in the harness. */
export async function mailboxText(site: string): Promise<string> {
  return (await fetch(new URL('dev/mailbox', site))).text();
}
