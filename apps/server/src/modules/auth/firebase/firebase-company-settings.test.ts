import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_CATALOG, TEST_START, useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFirebaseKeysServer } from '../../../test/firebase-keys-server.js';
import { readCatalogFile } from '../../catalog/catalog-file.js';
import { importCatalog } from '../../catalog/catalog-import.js';

// What the company's catalog allows decides which Firebase sign-ins the server accepts.
const keys = await startFirebaseKeysServer();
afterAll(() => keys.close());

describeEachEngine('Firebase sign-in under the company settings', (engine) => {
  const allowsGoogleOnly = useTestApp(engine, { firebase: { keysUrl: keys.url, devIssuer: false } });
  const withoutFirebase = useTestApp(engine, { firebase: { keysUrl: keys.url, devIssuer: false } });
  beforeAll(async () => {
    // Before any request reads the catalog: each app then loads the company imported here.
    const demo = await readCatalogFile(DEMO_CATALOG);
    const company = demo.Company;
    if (!company) throw new Error('the demo catalog has a company');
    const later = Date.UTC(2026, 10, 23, 1);
    const googleOnly = { ...company, Auth: { AllowedAuthProviders: ['email', 'Google'] } };
    await importCatalog(allowsGoogleOnly().database.handle.db, { ...demo, Company: googleOnly }, later);
    const { FirebaseOptions: _, ...noFirebase } = company;
    await importCatalog(withoutFirebase().database.handle.db, { ...demo, Company: noFirebase }, later);
  });

  const signIn = async (app: ReturnType<typeof allowsGoogleOnly>, providerId: string, projectId = 'fxid-demo') =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_firebase',
      payload: {
        Token: await keys.issuer.mintIdToken({
          projectId,
          providerId,
          providerUid: `${providerId}-1`,
          now: TEST_START,
        }),
      },
    });

  it('accepts the providers the company allows, in any case, and refuses the others in the spec words', async () => {
    expect((await signIn(allowsGoogleOnly(), 'google.com')).statusCode).toBe(200);
    const apple = await signIn(allowsGoogleOnly(), 'apple.com');
    expect(apple.statusCode).toBe(400);
    expect(apple.json()).toMatchObject({
      ErrorCode: 'platform_not_supported',
      detail: 'Login provider apple is not supported.',
    });
  });

  it('refuses every Firebase sign-in while the company names no Firebase app', async () => {
    const response = await signIn(withoutFirebase(), 'google.com');
    expect(response.json()).toMatchObject({
      ErrorCode: 'platform_not_supported',
      detail: 'Login provider Firebase is not supported.',
    });
    const accounts = await withoutFirebase().database.handle.db.selectFrom('accounts').select('id').execute();
    expect(accounts).toEqual([]);
  });
});
