import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { DEMO_CATALOG } from '../../test/app.js';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../../test/databases.js';
import { CatalogFileError, parseCatalog, readCatalogFile } from './catalog-file.js';
import { importCatalog } from './catalog-import.js';

const demoText = readFileSync(DEMO_CATALOG, 'utf8');

/** The problems a catalog text is refused with, as "path (line N): message". */
function problemsOf(text: string): string[] {
  try {
    parseCatalog(text);
  } catch (error) {
    if (error instanceof CatalogFileError) {
      return error.problems.map((p) => `${p.path}${p.line ? ` (line ${p.line})` : ''}: ${p.message}`);
    }
    throw error;
  }
  return [];
}

describe('catalog file', () => {
  it('accepts the demo catalog', async () => {
    const catalog = await readCatalogFile(DEMO_CATALOG);
    expect(catalog.Games.map((game) => game.GameSystemName)).toEqual(['sky-runner', 'gem-garden']);
    expect(catalog.Games[0]?.Products[0]).toMatchObject({ Sku: 'stars_100', Price: { Amount: 99, Currency: 'USD' } });
    expect(new Set(catalog.News.map((item) => item.Priority)).size).toBeGreaterThanOrEqual(4);
    const documents = catalog.Games.flatMap((game) => game.Documents);
    expect(documents.map((doc) => doc.Type).sort()).toEqual(['PP', 'PP', 'TOS', 'TOS']);
    for (const doc of documents) expect(Object.keys(doc.Versions[0]?.Content ?? {}).sort()).toEqual(['en', 'ru']);
  });

  it('names the path and line of every problem', () => {
    const text = demoText
      .replace('Amount: 99, Currency: USD', 'Amount: 0.99, Currency: usd')
      .replace(
        'DefaultLanguage: en\n    GameOrientation: Vertical',
        'DefaultLanguage: fr\n    GameOrientation: Vertical',
      )
      .replace('Priority: Alert', 'Priority: Urgent');
    const problems = problemsOf(text);
    const amountLine = text.split('\n').findIndex((line) => line.includes('Amount: 0.99')) + 1;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^Games\\[0\\]\\.Products\\[0\\]\\.Price\\.Amount \\(line ${amountLine}\\): `),
        ),
        expect.stringMatching(/^Games\[0\]\.Products\[0\]\.Price\.Currency \(line \d+\): Expected a three-letter/),
        expect.stringMatching(/^News\[3\]\.Priority \(line \d+\): /),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('checks rules that span fields once every field is valid', () => {
    const text = demoText.replace(
      'DefaultLanguage: en\n    GameOrientation: Vertical',
      'DefaultLanguage: fr\n    GameOrientation: Vertical',
    );
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(/^Games\[1\]\.DefaultLanguage \(line \d+\): Must be one of SupportedLanguages/),
      expect.stringMatching(/^Games\[1\]\.Names \(line \d+\): Needs a name in fr/),
    ]);
  });

  it('reads which platforms keep a board in the host’s own leaderboards, and refuses a reset or a repeat there, and platforms without such boards', async () => {
    const catalog = await readCatalogFile(DEMO_CATALOG);
    expect(catalog.Games.map((game) => game.Leaderboards.map((board) => board.HostPlatforms))).toEqual([
      [['yandex']],
      [[]],
    ]);
    const base = demoText.replace('HostPlatforms: [yandex]', 'HostPlatforms: [yandex, yandex]');
    expect(problemsOf(base)).toEqual([
      expect.stringMatching(/^Games\[0\]\.Leaderboards\[0\]\.HostPlatforms \(line \d+\): Names a platform twice/),
    ]);
    const daily = demoText.replace(
      /ResetPeriod: None(\s+MinScore: 0\s+MaxScore: 100000\s+#[^\n]*\s+HostPlatforms)/,
      'ResetPeriod: Daily$1',
    );
    expect(problemsOf(daily)).toEqual([
      expect.stringMatching(/^Games\[0\]\.Leaderboards\[0\]\.HostPlatforms \(line \d+\): .*cannot reset Daily/),
    ]);
    const gemGarden = demoText.replace(
      /(ResetPeriod: Daily\s+MinScore: 0\s+MaxScore: 100000)/,
      '$1\n        HostPlatforms: [yandex]',
    );
    expect(problemsOf(gemGarden)).toEqual([
      expect.stringMatching(/^Games\[1\]\.Leaderboards\[0\]\.HostPlatforms \(line \d+\): .*cannot reset Daily/),
    ]);
    const vk = demoText.replace('HostPlatforms: [yandex]', 'HostPlatforms: [vkcom]');
    expect(problemsOf(vk)).toEqual([
      expect.stringMatching(/^Games\[0\]\.Leaderboards\[0\]\.HostPlatforms\[0\] \(line \d+\): /),
    ]);
  });

  it('reads where saves go per platform, Fxid unless named, and refuses other platforms or stores', async () => {
    const catalog = await readCatalogFile(DEMO_CATALOG);
    expect(catalog.Games.map((game) => game.CloudSaves)).toEqual([
      { vkcom: 'Host', yandex: 'Host', telegram: 'Host', crazygames: 'Host', fbinstantgames: 'Host' },
      {},
    ]);
    const text = demoText.replace(
      'CloudSaves: { vkcom: Host, yandex: Host, telegram: Host, crazygames: Host, fbinstantgames: Host }',
      'CloudSaves: { vkcom: Server, ok: Host }',
    );
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(/^Games\[0\]\.CloudSaves\.vkcom \(line \d+\): /),
      expect.stringMatching(/^Games\[0\]\.CloudSaves \(line \d+\): .*ok/),
    ]);
  });

  it('refuses a leaderboard whose range is upside down, or whose name repeats', () => {
    const text = demoText
      .replace('MaxScore: 100000\n        # Yandex', 'MaxScore: -1\n        # Yandex')
      .replace(
        '      - Name: daily-score',
        '      - Name: daily-score\n        Titles: { en: Twice }\n        MaxScore: 5\n      - Name: daily-score',
      );
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(/^Games\[0\]\.Leaderboards\[0\]\.MaxScore \(line \d+\): Must not be below MinScore/),
      expect.stringMatching(/^Games\[1\]\.Leaderboards\[1\]\.Name \(line \d+\): Duplicate leaderboard daily-score/),
    ]);
  });

  it('refuses duplicates, unknown fields, launch data that does not fit, and broken YAML', () => {
    expect(problemsOf('Games: []\nExtra: 1\n')).toEqual([expect.stringMatching(/^\(?.*Unrecognized key: "Extra"/)]);
    const duplicated = demoText
      .replace('Sku: stars_550', 'Sku: stars_100')
      .replace('    IframeUrl: /demo-game/index.html?game=gem-garden\n', '');
    expect(problemsOf(duplicated)).toEqual([
      expect.stringMatching(/^Games\[0\]\.Products\[1\]\.Sku.*Duplicate sku stars_100/),
      expect.stringMatching(/^Games\[1\]\.IframeUrl.*Required for an Iframe game/),
    ]);
    expect(problemsOf('Games: [\n')).toEqual([expect.stringMatching(/\(line \d+\): /)]);
  });

  it('refuses a link that only looks like a path (//host) or is no web address', () => {
    const news = (link: string) => demoText.replace('Link: /play/sky-runner', `Link: "${link}"`);
    expect(problemsOf(news('//evil.example/play'))).toEqual([expect.stringMatching(/^News\[\d+\]\.Link.*single \//)]);
    expect(problemsOf(news('javascript:alert(1)'))).toEqual([expect.stringMatching(/^News\[\d+\]\.Link/)]);
    expect(problemsOf(news('https://example.com/news'))).toEqual([]);
  });

  it('refuses tiers that are unknown, the product itself, repeated or of another game', () => {
    const tiers = (list: string) =>
      demoText.replace('TieredProductsSku: [gems_50, garden_pass]', `TieredProductsSku: [${list}]`);
    expect(problemsOf(tiers('gems_50, garden_pass'))).toEqual([]);
    expect(problemsOf(tiers('gems_50, seeds_10, garden_bundle, gems_50, stars_100'))).toEqual([
      expect.stringMatching(
        /^Games\[1\]\.Products\[2\]\.TieredProductsSku\[1\] \(line \d+\): Unknown sku seeds_10 in gem-garden$/,
      ),
      expect.stringMatching(
        /^Games\[1\]\.Products\[2\]\.TieredProductsSku\[2\].*: garden_bundle cannot be a tier of itself$/,
      ),
      expect.stringMatching(/^Games\[1\]\.Products\[2\]\.TieredProductsSku\[3\].*: Duplicate tier gems_50$/),
      expect.stringMatching(
        /^Games\[1\]\.Products\[2\]\.TieredProductsSku\[4\].*: stars_100 is a product of sky-runner, not of gem-garden$/,
      ),
    ]);
    expect(problemsOf(tiers(''))).toEqual([expect.stringMatching(/^Games\[1\]\.Products\[2\]\.TieredProductsSku.*: /)]);
  });

  it('refuses quests that count events their game does not declare', () => {
    const text = demoText
      .replace('Event: { Game: sky-runner, Code: stars_collected }', 'Event: { Game: sky-runner, Code: gems_found }')
      .replace('EndsAt: 2027-01-01', 'EndsAt: 2026-10-01')
      .replace('Id: star-collector', 'Id: runner-for-gems');
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(/^Quests\[1\]\.Id.*Duplicate quest id runner-for-gems/),
      expect.stringMatching(/^Quests\[1\]\.Event\.Code.*sky-runner declares no CrossPlayEvents gems_found/),
      expect.stringMatching(/^Quests\[1\]\.EndsAt.*Must be after StartsAt/),
    ]);
    const longFilter = demoText.replace('Filter1: garden', `Filter1: ${'g'.repeat(201)}`);
    expect(problemsOf(longFilter)).toEqual([expect.stringMatching(/^Games\[1\]\.CrossPlayEvents\[0\]\.Filter1/)]);
  });
});

describeEachEngine('catalog import', (engine) => {
  let database: TestDatabase;
  const now = Date.UTC(2026, 10, 23);
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    await migrateToLatest(database.handle.db);
  });
  afterEach(() => database.drop());

  it('creates everything once, then reports nothing changed', async () => {
    const { db } = database.handle;
    const first = await importCatalog(db, parseCatalog(demoText), now);
    expect(first).toEqual({
      company: { created: 1, updated: 0, unchanged: 0 },
      games: { created: 2, updated: 0, unchanged: 0 },
      products: { created: 6, updated: 0, unchanged: 0 },
      documents: { created: 4, updated: 0, unchanged: 0 },
      versions: { created: 4, updated: 0, unchanged: 0 },
      news: { created: 5, updated: 0, unchanged: 0 },
      quests: { created: 2, updated: 0, unchanged: 0 },
    });
    const second = await importCatalog(db, parseCatalog(demoText), now + 1000);
    expect(second.games).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(second.products).toEqual({ created: 0, updated: 0, unchanged: 6 });
    expect(second.versions).toEqual({ created: 0, updated: 0, unchanged: 4 });
    expect(second.news).toEqual({ created: 0, updated: 0, unchanged: 5 });
    expect(second.quests).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(second.company).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it('updates what changed and stores money as integer minor units', async () => {
    const { db } = database.handle;
    await importCatalog(db, parseCatalog(demoText), now);
    const changed = demoText
      .replace('Amount: 99, Currency: USD', 'Amount: 129, Currency: USD')
      .replace('Header: Double gems weekend', 'Header: Triple gems weekend');
    const report = await importCatalog(db, parseCatalog(changed), now + 1000);
    expect(report.products).toEqual({ created: 0, updated: 1, unchanged: 5 });
    expect(report.news).toEqual({ created: 0, updated: 1, unchanged: 4 });
    const product = await db
      .selectFrom('products')
      .selectAll()
      .where('sku', '=', 'stars_100')
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      price_amount: 129,
      price_currency: 'USD',
      show_in_web_store: 1,
      updated_at: now + 1000,
    });
    expect(product.created_at).toBe(now);
  });

  it('refuses to change a published document version and leaves everything as it was', async () => {
    const { db } = database.handle;
    await importCatalog(db, parseCatalog(demoText), now);
    const text = demoText
      .replace('Fair play.', 'Fair and square play.')
      .replace(
        '    Products:\n      - Sku: stars_100',
        '    Products:\n      - Sku: brand_new\n        Names: { en: New }\n        Price: { Amount: 100, Currency: USD }\n      - Sku: stars_100',
      );
    await expect(importCatalog(db, parseCatalog(text), now + 1000)).rejects.toThrow(
      /Games\[0\]\.Documents\[0\]\.Versions\[0\]: Version 1011 is already published/,
    );
    const skus = await db.selectFrom('products').select('sku').execute();
    expect(skus.map((row) => row.sku)).not.toContain('brand_new');
  });

  it('refuses news for an unknown game without writing anything', async () => {
    const { db } = database.handle;
    const text = demoText.replace('Game: gem-garden\n    Priority: Info', 'Game: lost-game\n    Priority: Info');
    await expect(importCatalog(db, parseCatalog(text), now)).rejects.toThrow(/News\[2\]\.Game: Unknown game lost-game/);
    expect(await db.selectFrom('games').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('company').select('id').execute()).toEqual([]);
  });
});
