import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

describeEachEngine('legal documents of a player', (engine) => {
  const testApp = useTestApp(engine);
  const post = (token: string | undefined, url: string, payload: object) =>
    testApp().app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      ...(token ? { headers: bearer(token) } : {}),
    });
  const unaccepted = (token: string, game = 'sky-runner') =>
    post(token, '/games/documents/list-latest-unaccepted-documents', { GameSystemName: game, Locale: 'en' });
  const accept = (token: string, DocumentId: number, DocumentVersionId: number) =>
    post(token, '/games/documents/accept', { DocumentId, DocumentVersionId });
  const publishVersion = (id: number, documentId: number, createdAt: number) =>
    testApp()
      .database.handle.db.insertInto('legal_document_versions')
      .values({
        id,
        document_id: documentId,
        url: null,
        content_json: JSON.stringify({ en: `# Terms v${id}` }),
        content_type: 'Markdown',
        created_at: createdAt,
      })
      .execute();

  it('lists the latest version of each document needing acceptance until the player accepts it', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'docs-1@example.com');
    const before = await unaccepted(token);
    expect(before.statusCode).toBe(200);
    const documents = before.json().Documents;
    // The privacy policy needs no acceptance, so only the terms are due.
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      Id: 101,
      DocumentType: { Value: 'TOS', NeedUserAcceptance: true },
      GameSystemName: 'sky-runner',
    });
    expect(documents[0].Versions.map((version: { Id: number }) => version.Id)).toEqual([1011]);
    expect(documents[0].Versions[0].Content.Value).toMatch(/^# Terms of Service/);

    const accepted = await accept(token, 101, 1011);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      Id: expect.any(String),
      AccountId: expect.any(String),
      AcceptedAt: new Date(testApp().clock.now).toISOString(),
      GameSystemName: 'sky-runner',
      DocumentId: 101,
      DocumentVersionId: 1011,
    });
    expect((await unaccepted(token)).json().Documents).toEqual([]);
    // Another game's terms are still due.
    expect((await unaccepted(token, 'gem-garden')).json().Documents.map((d: { Id: number }) => d.Id)).toEqual([201]);
  });

  it('accepts idempotently: a repeat answers the first acceptance', async () => {
    const { app, database, clock } = testApp();
    const token = await signIn(app, database.handle.db, 'docs-2@example.com');
    const first = (await accept(token, 201, 2011)).json();
    clock.now += 60_000;
    const again = await accept(token, 201, 2011);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    const list = await post(token, '/games/documents/accepted', {});
    expect(list.statusCode).toBe(200);
    expect(list.json().GameDocumentAccountAccepts).toEqual([first]);
    expect((await post(token, '/games/documents/accepted', { GameSystemName: 'sky-runner' })).json()).toEqual({
      GameDocumentAccountAccepts: [],
    });
  });

  it('keeps acceptances per account', async () => {
    const { app, database } = testApp();
    const alice = await signIn(app, database.handle.db, 'docs-alice@example.com');
    const bob = await signIn(app, database.handle.db, 'docs-bob@example.com');
    await accept(alice, 101, 1011);
    expect((await unaccepted(bob)).json().Documents).toHaveLength(1);
    expect((await post(bob, '/games/documents/accepted', {})).json().GameDocumentAccountAccepts).toEqual([]);
  });

  it('refuses unknown documents, versions of another document, and versions already replaced', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'docs-3@example.com');
    const unknown = await accept(token, 999, 1011);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ErrorCode: 'not_found', L10NParam: { What: 'Document 999' } });
    const foreign = await accept(token, 101, 2011);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      ErrorCode: 'not_found',
      detail: 'Version 2011 of document 101 was not found',
    });
    const missing = await accept(token, 101, 424242);
    expect(missing.json().ErrorCode).toBe('not_found');
    for (const payload of [
      { DocumentId: 101 },
      { DocumentId: '101', DocumentVersionId: 1011 },
      { DocumentId: 0, DocumentVersionId: 1 },
    ]) {
      const response = await post(token, '/games/documents/accept', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().ErrorCode).toBe('validation_failed');
    }
  });

  it('asks again when a new version is published, and refuses the old one', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'docs-4@example.com');
    await accept(token, 102, 1021); // documents needing no acceptance may still be accepted
    expect((await accept(token, 101, 1011)).statusCode).toBe(200);
    await publishVersion(1012, 101, Date.UTC(2026, 10, 20));

    const due = (await unaccepted(token)).json().Documents;
    expect(due.map((d: { Id: number; Versions: { Id: number }[] }) => [d.Id, d.Versions[0]?.Id])).toEqual([
      [101, 1012],
    ]);

    const stale = await accept(token, 101, 1011);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      ErrorCode: 'conflict',
      detail: 'Version 1011 of document 101 has been replaced by version 1012; accept that one',
      L10NParam: { DocumentId: '101', DocumentVersionId: '1011', LatestVersionId: '1012' },
    });
    expect((await accept(token, 101, 1012)).statusCode).toBe(200);
    expect((await unaccepted(token)).json().Documents).toEqual([]);

    const one = await app.inject({
      method: 'GET',
      url: '/api/v1/games/sky-runner/documents/101',
      headers: bearer(token),
    });
    expect(one.statusCode).toBe(200);
    const versions = one.json().Versions as { Id: number; Accepts: { DocumentVersionId: number }[] }[];
    expect(versions.map((version) => [version.Id, version.Accepts.map((a) => a.DocumentVersionId)])).toEqual([
      [1012, [1012]],
      [1011, [1011]],
    ]);
  });

  it('shows one document of a game in the asked language, and nothing of another game', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'docs-5@example.com');
    const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
    const ru = await get('/games/sky-runner/documents/102?Locale=ru');
    expect(ru.statusCode).toBe(200);
    expect(ru.json()).toMatchObject({ Id: 102, DocumentType: { Value: 'PP', NeedUserAcceptance: false } });
    expect(ru.json().Versions[0]).toMatchObject({ Content: { Locale: 'ru' }, Accepts: [] });
    expect((await get('/games/gem-garden/documents/101')).json()).toMatchObject({
      ErrorCode: 'not_found',
      status: 404,
    });
    expect((await get('/games/no-such-game/documents/101')).json().ErrorCode).toBe('game_not_found');
    expect((await get('/games/sky-runner/documents/abc')).json().ErrorCode).toBe('validation_failed');
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/games/sky-runner/documents/101' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("asks only for the documents of the player's region", async () => {
    const { app, database } = testApp();
    const db = database.handle.db;
    const game = await db
      .selectFrom('games')
      .select('id')
      .where('system_name', '=', 'gem-garden')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('legal_documents')
      .values({
        id: 301,
        game_id: game.id,
        document_type: 'PP',
        need_user_acceptance: 1,
        region: 'RussianPI',
        is_active: 1,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    await publishVersion(3011, 301, Date.UTC(2026, 0, 1));
    const token = await signIn(app, db, 'docs-ru@example.com');
    const ids = async () => (await unaccepted(token, 'gem-garden')).json().Documents.map((d: { Id: number }) => d.Id);
    expect(await ids()).toEqual([201]);
    await db.updateTable('accounts').set({ geo_country: 'RU' }).where('email', '=', 'docs-ru@example.com').execute();
    expect(await ids()).toEqual([201, 301]);
  });

  it('answers 401 without a bearer token and game_not_found for an unknown game', async () => {
    const { app, database } = testApp();
    expect((await post(undefined, '/games/documents/accepted', {})).json().ErrorCode).toBe('unauthorized');
    const token = await signIn(app, database.handle.db, 'docs-6@example.com');
    const response = await unaccepted(token, 'no-such-game');
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorCode).toBe('game_not_found');
  });
});
