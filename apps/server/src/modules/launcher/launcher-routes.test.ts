import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { createGameCatalog } from '../catalog/game-catalog.js';
import { hashLauncherKey } from './launcher-keys.js';
import { createKeys } from './launcher-keys-service.js';
import { DOWNLOAD_SESSION_TTL_MS } from './launcher-service.js';
import { writeDemoArtifacts } from './launcher-test-files.js';

const LAUNCHER = '/api/v1/ftl_integration/sky-runner/launcher';

describeEachEngine('launcher API', (engine) => {
  const artifacts = writeDemoArtifacts();
  afterAll(() => rmSync(artifacts.folder, { recursive: true, force: true }));
  const testApp = useTestApp(engine, { launcherArtifactsDir: artifacts.folder, publicUrl: 'https://fxid.example' });
  const tokens: Record<string, string> = {};
  const keys = async (branch = 'stable', count = 1, game = 'sky-runner') => {
    const { database, clock } = testApp();
    const catalog = createGameCatalog(database.handle.db);
    return createKeys({ db: database.handle.db, catalog, now: clock.now }, game, branch, count);
  };
  const call = (method: 'GET' | 'POST' | 'HEAD', url: string, token?: string, payload?: object, headers: object = {}) =>
    testApp().app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...(token ? bearer(token) : {}), ...headers },
    });
  const activate = (token: string, key: string, game = 'sky-runner') =>
    call('POST', `/api/v1/ftl_integration/${game}/launcher/activate_key`, token, { Key: key });

  it('signs in two players', async () => {
    const { app, database } = testApp();
    tokens.ann = await signIn(app, database.handle.db, 'ann-launcher@example.com');
    tokens.bob = await signIn(app, database.handle.db, 'bob-launcher@example.com');
  });

  it('stores only hashes of the keys it makes', async () => {
    const made = await keys('stable', 3);
    expect(made).toHaveLength(3);
    for (const key of made) expect(key).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){4}[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(made).size).toBe(3);
    const rows = await testApp().database.handle.db.selectFrom('launcher_keys').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const key of made) {
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(key.replaceAll('-', ''));
    }
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(true);
  });

  it('refuses keys for an unknown branch or game, and counts out of range', async () => {
    await expect(keys('nightly')).rejects.toMatchObject({ code: 'launcher_branch_not_found' });
    await expect(keys('stable', 1, 'gem-garden')).rejects.toMatchObject({ code: 'launcher_not_available' });
    await expect(keys('stable', 0)).rejects.toThrow(RangeError);
  });

  it('lists only open branches before a key, and locks the manifest and downloads of a keyed branch', async () => {
    const listed = await call('GET', `${LAUNCHER}/available_branches`, tokens.ann);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      Branches: [{ Name: 'demo', Platform: 'Windows', BuildNumber: 1300, Version: '1.3.0', Unlocked: false }],
    });
    const manifest = await call('GET', `${LAUNCHER}/manifest/stable`, tokens.ann);
    expect(manifest.statusCode).toBe(403);
    expect(manifest.json().ErrorCode).toBe('launcher_branch_locked');
    const session = await call('POST', `${LAUNCHER}/request_download`, tokens.ann, {
      Branch: 'stable',
      Artifact: 'sky-runner-win64.zip',
    });
    expect(session.json().ErrorCode).toBe('launcher_branch_locked');
    const direct = await call('GET', `${LAUNCHER}/download_direct?Branch=stable&Artifact=sky-runner-win64.zip`);
    expect(direct.statusCode).toBe(403);
    expect(direct.json().ErrorCode).toBe('launcher_branch_locked');
  });

  it('needs a bearer for activation, branches and manifests', async () => {
    for (const [method, url] of [
      ['POST', `${LAUNCHER}/activate_key`],
      ['GET', `${LAUNCHER}/available_branches`],
      ['GET', `${LAUNCHER}/manifest/demo`],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' ? { Key: 'X' } : undefined);
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe('unauthorized');
    }
  });

  it('activates a key once, for one account, and unlocks its branch', async () => {
    const [key = ''] = await keys('stable');
    // Typed in lower case, without dashes, with O for 0: still the same key.
    const typed = key.toLowerCase().replaceAll('-', '').replaceAll('0', 'o');
    const first = await activate(tokens.ann as string, typed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ Success: true, Branch: 'stable' });
    // A retry by the same account answers the same; another account is refused.
    expect((await activate(tokens.ann as string, key)).json()).toEqual({ Success: true, Branch: 'stable' });
    const stolen = await activate(tokens.bob as string, key);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().ErrorCode).toBe('launcher_key_used');
    const bobs = await call('GET', `${LAUNCHER}/available_branches`, tokens.bob);
    expect(bobs.json().Branches.map((branch: { Name: string }) => branch.Name)).toEqual(['demo']);
    const anns = await call('GET', `${LAUNCHER}/available_branches`, tokens.ann);
    expect(anns.json().Branches).toEqual([
      { Name: 'stable', Platform: 'Windows', BuildNumber: 1402, Version: '1.4.2', Unlocked: true },
      { Name: 'demo', Platform: 'Windows', BuildNumber: 1300, Version: '1.3.0', Unlocked: false },
    ]);
  });

  it('lets exactly one of two accounts racing for the same key have it', async () => {
    const [key = ''] = await keys('stable');
    const { app, database } = testApp();
    const carol = await signIn(app, database.handle.db, 'carol-launcher@example.com');
    const dave = await signIn(app, database.handle.db, 'dave-launcher@example.com');
    const answers = await Promise.all([activate(carol, key), activate(dave, key)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().ErrorCode).toBe('launcher_key_used');
    const access = await database.handle.db
      .selectFrom('launcher_branch_access')
      .innerJoin('launcher_keys', 'launcher_keys.id', 'launcher_branch_access.key_id')
      .select('launcher_branch_access.account_id')
      .where('launcher_keys.key_hash', '=', hashLauncherKey(key))
      .execute();
    expect(access).toHaveLength(1);
  });

  it('refuses unknown keys and keys of another game, each with its own code, using none', async () => {
    const unknown = await activate(tokens.bob as string, 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().ErrorCode).toBe('launcher_key_unknown');
    const [key = ''] = await keys('stable');
    // Gem Garden has no launcher: the game itself answers first.
    const noLauncher = await activate(tokens.bob as string, key, 'gem-garden');
    expect(noLauncher.json().ErrorCode).toBe('launcher_not_available');
    // A key of another game that has a launcher: one key's game moved, as if made for that game.
    const db = testApp().database.handle.db;
    const other = await db
      .selectFrom('games')
      .select('id')
      .where('system_name', '=', 'gem-garden')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('launcher_keys')
      .set({ game_id: other.id })
      .where('key_hash', '=', hashLauncherKey(key))
      .execute();
    const foreign = await activate(tokens.bob as string, key);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().ErrorCode).toBe('launcher_key_other_game');
    const untouched = await db
      .selectFrom('launcher_keys')
      .select('activated_by')
      .where('key_hash', '=', hashLauncherKey(key))
      .executeTakeFirstOrThrow();
    expect(untouched.activated_by).toBeNull();
    expect((await call('GET', `${LAUNCHER}/available_branches`, tokens.bob)).json().Branches).toHaveLength(1);
  });

  it("answers a branch's manifest with sizes and SHA-256 computed from the files", async () => {
    const response = await call('GET', `${LAUNCHER}/manifest/stable`, tokens.ann);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Game: 'sky-runner',
      Branch: 'stable',
      Configuration: { UpdateChannel: 'stable', NewsUrl: '/news' },
      Release: {
        Platform: 'Windows',
        BuildNumber: 1402,
        PreviousBuildNumber: 1401,
        Version: '1.4.2',
        CommitHash: '9f2c4e1',
      },
      Artifacts: [
        {
          Name: 'sky-runner-win64.zip',
          ContentType: 'application/zip',
          FullSize: artifacts.files.full.length,
          PatchSize: artifacts.files.patch.length,
          Hash: artifacts.sha256(artifacts.files.full),
          HashAlgorithm: 'SHA-256',
          TorrentUrl: null,
          HttpDownload: `https://fxid.example/api/v1/ftl_integration/sky-runner/launcher/request_download`,
          ManifestUrl: null,
        },
      ],
    });
    const unknown = await call('GET', `${LAUNCHER}/manifest/nightly`, tokens.ann);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().ErrorCode).toBe('launcher_branch_not_found');
  });

  it('hashes a file again once it is replaced', async () => {
    const path = join(artifacts.folder, 'sky-runner/demo/sky-runner-demo-win64.zip');
    const before = (await call('GET', `${LAUNCHER}/manifest/demo`, tokens.bob)).json().Artifacts[0];
    expect(before.Hash).toBe(artifacts.sha256(artifacts.files.demo));
    const replaced = Buffer.concat([artifacts.files.demo, Buffer.from('v2')]);
    writeFileSync(path, replaced);
    const after = (await call('GET', `${LAUNCHER}/manifest/demo`, tokens.bob)).json().Artifacts[0];
    expect(after).toMatchObject({ FullSize: replaced.length, Hash: artifacts.sha256(replaced) });
    writeFileSync(path, artifacts.files.demo);
  });

  const requestSession = (token?: string) =>
    call('POST', `${LAUNCHER}/request_download`, token, { Branch: 'stable', Artifact: 'sky-runner-win64.zip' });

  it('streams a download session once, whole, with length, type and hash', async () => {
    const session = await requestSession(tokens.ann);
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body).toMatchObject({
      Size: artifacts.files.full.length,
      Hash: artifacts.sha256(artifacts.files.full),
      ExpiresAt: testApp().clock.now + DOWNLOAD_SESSION_TTL_MS,
    });
    expect(body.DownloadUrl).toBe(`https://fxid.example${LAUNCHER}/download/${body.SessionId}`);
    const stored = await testApp().database.handle.db.selectFrom('launcher_download_sessions').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(body.SessionId);
    // A HEAD is not a download: it is refused and spends nothing.
    const head = await call('HEAD', `${LAUNCHER}/download/${body.SessionId}`);
    expect([404, 405]).toContain(head.statusCode);
    const download = await call('GET', `${LAUNCHER}/download/${body.SessionId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-length']).toBe(String(artifacts.files.full.length));
    expect(download.headers['accept-ranges']).toBe('bytes');
    expect(download.headers.etag).toBe(`"${body.Hash}"`);
    expect(download.rawPayload.equals(artifacts.files.full)).toBe(true);
    const again = await call('GET', `${LAUNCHER}/download/${body.SessionId}`);
    expect(again.statusCode).toBe(410);
    expect(again.json().ErrorCode).toBe('download_session_used');
  });

  it('serves the range asked for, so an interrupted download resumes', async () => {
    const full = artifacts.files.full;
    const first = (await requestSession(tokens.ann)).json();
    const head = await call('GET', `${LAUNCHER}/download/${first.SessionId}`, undefined, undefined, {
      range: 'bytes=0-99999',
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99999/${full.length}`);
    expect(head.headers['content-length']).toBe('100000');
    const second = (await requestSession(tokens.ann)).json();
    const tail = await call('GET', `${LAUNCHER}/download/${second.SessionId}`, undefined, undefined, {
      range: 'bytes=100000-',
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes 100000-${full.length - 1}/${full.length}`);
    expect(Buffer.concat([head.rawPayload, tail.rawPayload]).equals(full)).toBe(true);
    const third = (await requestSession(tokens.ann)).json();
    const past = await call('GET', `${LAUNCHER}/download/${third.SessionId}`, undefined, undefined, {
      range: `bytes=${full.length}-`,
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${full.length}`);
    expect(past.json().ErrorCode).toBe('range_not_satisfiable');
  });

  it('refuses expired, unknown and other games’ sessions', async () => {
    const { clock } = testApp();
    const session = (await requestSession(tokens.ann)).json();
    const elsewhere = await call('GET', `/api/v1/ftl_integration/gem-garden/launcher/download/${session.SessionId}`);
    expect(elsewhere.json().ErrorCode).toBe('launcher_not_available');
    clock.now += DOWNLOAD_SESSION_TTL_MS;
    const expired = await call('GET', `${LAUNCHER}/download/${session.SessionId}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().ErrorCode).toBe('download_session_expired');
    const unknown = await call('GET', `${LAUNCHER}/download/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().ErrorCode).toBe('download_session_unknown');
  });

  it('gives an anonymous caller sessions and direct downloads of an open branch only', async () => {
    expect((await requestSession()).json().ErrorCode).toBe('launcher_branch_locked');
    const open = await call('POST', `${LAUNCHER}/request_download`, undefined, {
      Branch: 'demo',
      Artifact: 'sky-runner-demo-win64.zip',
    });
    expect(open.statusCode).toBe(200);
    const direct = await call('GET', `${LAUNCHER}/download_direct?Branch=demo&Artifact=sky-runner-demo-win64.zip`);
    expect(direct.statusCode).toBe(200);
    expect(direct.rawPayload.equals(artifacts.files.demo)).toBe(true);
    const missing = await call('GET', `${LAUNCHER}/download_direct?Branch=demo&Artifact=nothing.zip`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().ErrorCode).toBe('launcher_artifact_not_found');
  });

  it('says so when an artifact file is missing', async () => {
    const path = join(artifacts.folder, 'sky-runner/stable/sky-runner-1401-1402.patch');
    rmSync(path);
    const response = await call('GET', `${LAUNCHER}/manifest/stable`, tokens.ann);
    expect(response.statusCode).toBe(503);
    expect(response.json().ErrorCode).toBe('launcher_artifact_missing');
    writeFileSync(path, artifacts.files.patch);
  });
});
