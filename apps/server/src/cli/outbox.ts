import { type JobListing, listJobs, retryJob } from '../modules/outbox/outbox-admin.js';
import { withDatabase } from './env.js';

const USAGE = 'usage: npm run outbox -- list [--failed] | retry ID';

function line(job: JobListing): string {
  const when = new Date(job.updatedAt).toISOString();
  const error = job.lastError ? `  last error: ${job.lastError.replace(/\s+/g, ' ')}` : '';
  return `${job.id}  ${job.kind}  ${job.status}  attempts ${job.attempts}  updated ${when}${error}`;
}

/**
 * npm run outbox -- list [--failed]: the newest jobs of DATABASE_URL's outbox (or only those
 * that ran out of attempts) with their last error; `retry ID` puts a failed job back in line,
 * where a running server's worker picks it up within OUTBOX_INTERVAL_MS.
 */
async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const listing = command === 'list' && rest.every((arg) => arg === '--failed');
  const retrying = command === 'retry' && rest.length === 1;
  if (!listing && !retrying) {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (db) => {
    if (listing) {
      const failedOnly = rest.includes('--failed');
      const jobs = await listJobs(db, failedOnly);
      for (const job of jobs) console.log(line(job));
      console.log(
        `${jobs.length} ${failedOnly ? 'failed ' : ''}job(s)${jobs.length === 100 ? ' (the newest 100)' : ''}`,
      );
      return 0;
    }
    const id = rest[0] ?? '';
    if (!(await retryJob(db, id, Date.now()))) {
      console.error(`no failed job has id ${id}; \`npm run outbox -- list --failed\` lists them`);
      return 1;
    }
    console.log(`job ${id} is queued again`);
    return 0;
  });
}

process.exitCode = await run(process.argv.slice(2));
