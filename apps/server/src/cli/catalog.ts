import { publishToInstances } from '../cluster/broadcast.js';
import { connectRedis } from '../cluster/redis.js';
import { CATALOG_CHANGED } from '../cluster/shared-caches.js';
import type { Config } from '../config.js';
import { CatalogFileError, readCatalogFile } from '../modules/catalog/catalog-file.js';
import { formatReport, importCatalog } from '../modules/catalog/catalog-import.js';
import { configFromEnvironment, withDatabase } from './env.js';

const USAGE = 'usage: npm run catalog -- import FILE | validate FILE';

/**
 * npm run catalog -- import FILE: upserts a catalog into DATABASE_URL and reports
 * what changed; `validate FILE` checks a file without touching the database.
 */
async function run(args: string[]): Promise<number> {
  const [command, file] = args;
  if (!file || (command !== 'import' && command !== 'validate')) {
    console.error(USAGE);
    return 2;
  }
  try {
    const catalog = await readCatalogFile(file);
    if (command === 'validate') {
      console.log(`${file}: valid (${catalog.Games.length} games, ${catalog.News.length} news)`);
      return 0;
    }
    const config = configFromEnvironment();
    const report = await withDatabase((db) => importCatalog(db, catalog, Date.now(), file), config);
    console.log(formatReport(report));
    await tellInstances(config);
    return 0;
  } catch (error) {
    if (error instanceof CatalogFileError) {
      console.error(`${error.message}\nnothing was changed`);
      return 1;
    }
    throw error;
  }
}

/**
 * With REDIS_URL, running instances drop the catalog they hold at once, as after an import of
 * their own. Without it, or when Redis does not answer, each sees the new catalog version
 * within CATALOG_CHECK_INTERVAL_MS anyway: the import stands either way.
 */
async function tellInstances(config: Config): Promise<void> {
  if (!config.redis) return;
  try {
    const redis = await connectRedis(config.redis.url, 'fxid-catalog-import');
    try {
      const listening = await publishToInstances(redis, config.redis.keyPrefix, CATALOG_CHANGED, '');
      console.log(`running instances told over Redis: ${listening}`);
    } finally {
      await redis.quit().catch(() => redis.disconnect());
    }
  } catch (error) {
    console.warn(
      `running instances were not told (${error instanceof Error ? error.message : String(error)}); they see the new catalog within a second`,
    );
  }
}

process.exitCode = await run(process.argv.slice(2));
