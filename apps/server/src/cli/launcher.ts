import { mkdir } from 'node:fs/promises';
import { AppError } from '../errors.js';
import { createGameCatalog } from '../modules/catalog/game-catalog.js';
import { createKeys, MAX_KEYS_PER_BATCH } from '../modules/launcher/launcher-keys-service.js';
import { parseCommandLine, withDatabase } from './env.js';
import { fetchBranch, LauncherClientError } from './launcher-client.js';

const USAGE =
  `usage: npm run launcher -- keys create --game GAME --branch BRANCH --count N (1–${MAX_KEYS_PER_BATCH})\n` +
  '       npm run launcher -- fetch --url PORTAL_URL --game GAME [--key KEY] [--branch BRANCH] [--out DIR]\n' +
  '                          [--attempts N]   (the session token in FXID_TOKEN)';

const OPTIONS = {
  game: { type: 'string' },
  branch: { type: 'string' },
  count: { type: 'string' },
  url: { type: 'string' },
  key: { type: 'string' },
  out: { type: 'string' },
  attempts: { type: 'string' },
} as const;

/**
 * npm run launcher -- keys create …: makes keys for a branch and prints them, one a line,
 * the only time they are shown (only their hashes are stored).
 * npm run launcher -- fetch …: the reference launcher client (see launcher-client.ts).
 */
async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, OPTIONS, USAGE);
  if (!parsed) return 2;
  const { positionals, values } = parsed;
  const command = positionals.join(' ');
  if (command === 'keys create' && values.game && values.branch && values.count) return createCommand(values);
  if (command === 'fetch' && values.url && values.game) return fetchCommand(values);
  console.error(USAGE);
  return 2;
}

async function createCommand(values: { game?: string; branch?: string; count?: string }): Promise<number> {
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_KEYS_PER_BATCH) {
    console.error(`--count must be a whole number from 1 to ${MAX_KEYS_PER_BATCH}\n${USAGE}`);
    return 2;
  }
  try {
    const keys = await withDatabase((db) =>
      createKeys(
        { db, catalog: createGameCatalog(db), now: Date.now() },
        values.game as string,
        values.branch as string,
        count,
      ),
    );
    console.log(keys.join('\n'));
    console.error(`${keys.length} key(s) for ${values.game}/${values.branch}; they are not shown again`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`launcher: ${error.message}\nno key was made`);
      return 1;
    }
    throw error;
  }
}

async function fetchCommand(values: Record<string, string | undefined>): Promise<number> {
  const token = process.env.FXID_TOKEN;
  if (!token) {
    console.error(`launcher: set FXID_TOKEN to the session token of the account\n${USAGE}`);
    return 2;
  }
  const out = values.out ?? '.';
  await mkdir(out, { recursive: true });
  try {
    const result = await fetchBranch({
      url: values.url as string,
      game: values.game as string,
      token,
      key: values.key,
      branch: values.branch,
      out,
      attempts: Number(values.attempts ?? 5),
      log: (line) => console.log(line),
    });
    console.log(`branch ${result.branch}: ${result.files.length} file(s) in ${out}`);
    return 0;
  } catch (error) {
    if (error instanceof LauncherClientError || error instanceof TypeError) {
      console.error(`launcher: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await run(process.argv.slice(2));
