import { CatalogFileError, readCatalogFile } from '../modules/catalog/catalog-file.js';
import { formatReport, importCatalog } from '../modules/catalog/catalog-import.js';
import { withDatabase } from './env.js';

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
    const report = await withDatabase((db) => importCatalog(db, catalog, Date.now(), file));
    console.log(formatReport(report));
    return 0;
  } catch (error) {
    if (error instanceof CatalogFileError) {
      console.error(`${error.message}\nnothing was changed`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await run(process.argv.slice(2));
