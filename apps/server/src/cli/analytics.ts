import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { exportEventsCsv } from '../modules/analytics/analytics-csv.js';
import { withDatabase } from './env.js';

const USAGE = 'usage: npm run analytics -- export FILE.csv [--since YYYY-MM-DD]';

/** npm run analytics -- export FILE.csv: writes the analytics events of DATABASE_URL as CSV. */
async function run(args: string[]): Promise<number> {
  const [command, file, flag, sinceText] = args;
  const since = flag === '--since' && sinceText ? Date.parse(sinceText) : undefined;
  // A --since without a valid date is a mistake, not a request for everything.
  const badSince = flag !== undefined && (since === undefined || Number.isNaN(since));
  if (command !== 'export' || !file || badSince) {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (db) => {
    const out = createWriteStream(file);
    try {
      const write = async (chunk: string) => {
        if (!out.write(chunk)) await once(out, 'drain');
      };
      const count = await exportEventsCsv(db, write, since === undefined ? {} : { since });
      out.end();
      await once(out, 'finish');
      console.log(`${count} analytics event(s) written to ${file}`);
      return 0;
    } finally {
      out.destroy();
    }
  });
}

process.exitCode = await run(process.argv.slice(2));
