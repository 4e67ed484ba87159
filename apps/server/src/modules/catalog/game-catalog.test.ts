import { readFileSync } from 'node:fs';
import { DEFAULT_BRANDING } from '@fxid/contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { DEMO_CATALOG } from '../../test/app.js';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../../test/databases.js';
import { parseCatalog } from './catalog-file.js';
import { importCatalog } from './catalog-import.js';
import { CATALOG_CHECK_INTERVAL_MS, createGameCatalog } from './game-catalog.js';

const demoText = readFileSync(DEMO_CATALOG, 'utf8');
const renamed = demoText.replace('CompanyName: Foxhound Interactive', 'CompanyName: Renamed Ltd');

describeEachEngine('game catalog', (engine) => {
  let database: TestDatabase;
  const now = Date.UTC(2026, 10, 23);
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    await migrateToLatest(database.handle.db);
  });
  afterEach(() => database.drop());

  it('serves the default branding and no games before any import', async () => {
    const catalog = createGameCatalog(database.handle.db);
    expect(await catalog.list()).toEqual([]);
    expect(await catalog.find('sky-runner')).toBeUndefined();
    expect(await catalog.branding()).toEqual(DEFAULT_BRANDING);
  });

  it('parses the games once and finds them by system name, in catalog order', async () => {
    const { db } = database.handle;
    await importCatalog(db, parseCatalog(demoText), now);
    const catalog = createGameCatalog(db);
    expect((await catalog.list()).map((game) => game.definition.GameSystemName)).toEqual(['sky-runner', 'gem-garden']);
    const first = await catalog.find('sky-runner');
    expect(first?.definition.GameSystemName).toBe('sky-runner');
    expect(await catalog.find('sky-runner')).toBe(first);
    expect((await catalog.branding()).CompanyName).toBe('Foxhound Interactive');
  });

  it('sees an import by another process once the check interval has passed (the version row moved)', async () => {
    const { db } = database.handle;
    await importCatalog(db, parseCatalog(demoText), now);
    const clock = { now: 0 };
    const catalog = createGameCatalog(db, () => clock.now);
    expect((await catalog.branding()).CompanyName).toBe('Foxhound Interactive');
    // Another process (npm run catalog -- import) writes the same database.
    await importCatalog(db, parseCatalog(renamed), now + 1000);
    clock.now += CATALOG_CHECK_INTERVAL_MS - 1;
    expect((await catalog.branding()).CompanyName).toBe('Foxhound Interactive');
    clock.now += 1;
    expect((await catalog.branding()).CompanyName).toBe('Renamed Ltd');
  });

  it('keeps its parsed games while the version stays, and reloads at once when invalidated', async () => {
    const { db } = database.handle;
    await importCatalog(db, parseCatalog(demoText), now);
    const clock = { now: 0 };
    const catalog = createGameCatalog(db, () => clock.now);
    const first = await catalog.find('gem-garden');
    clock.now += CATALOG_CHECK_INTERVAL_MS * 5;
    expect(await catalog.find('gem-garden')).toBe(first);
    await importCatalog(db, parseCatalog(renamed), now + 1000);
    catalog.invalidate();
    expect((await catalog.branding()).CompanyName).toBe('Renamed Ltd');
    expect(await catalog.find('gem-garden')).not.toBe(first);
  });
});
