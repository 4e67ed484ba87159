import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { type Config, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

/**
 * Reads the configuration from the environment, or prints every bad variable and exits.
 * `overrides` replace variables of the environment (main.ts's chosen port).
 */
export function configFromEnvironment(overrides: Record<string, string> = {}): Config {
  const result = loadConfig({ ...process.env, ...overrides });
  if (result.ok) return result.config;
  console.error(`fxid: invalid configuration (${result.problems.length} problem(s)):`);
  for (const problem of result.problems) console.error(`  ${problem}`);
  process.exit(1);
}

/**
 * The operator commands' one way into DATABASE_URL: opened, brought to the latest migration
 * (a command never runs against an older schema than the server's), and always closed.
 */
export async function withDatabase<T>(
  work: (db: Kysely<Database>, config: Config) => Promise<T>,
  config: Config = configFromEnvironment(),
): Promise<T> {
  const { db } = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}

/**
 * The operator commands' flags (node:util parseArgs, strict, with positionals). An unknown flag
 * or a missing value prints the problem and the usage, and answers undefined (exit code 2).
 */
export function parseCommandLine<const Options extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: Options,
  usage: string,
):
  | ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: Options }>>
  | undefined {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return undefined;
  }
}
