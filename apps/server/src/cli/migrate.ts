import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { configFromEnvironment } from './env.js';

/** npm run migrate: applies pending migrations to DATABASE_URL. */
const config = configFromEnvironment();
const { db } = openDatabase(config.databaseUrl);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
