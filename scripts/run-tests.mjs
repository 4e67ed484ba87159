// `npm test`: finds (or installs) a browser and checks PostgreSQL first, so a machine
// that lacks one fails in seconds with what to do; then lint and type checks, the
// build, and one vitest pass over every workspace, closing with the ten slowest test
// files and one summary line. When TEST_DATABASE_URL is set (CI always sets it) the
// run fails unless suites actually ran on PostgreSQL, so a silently skipped engine
// cannot pass. TEST_REDIS_URL the same way for the suites that share state between
// instances through Redis ("[redis]" in their names); unset, they are skipped and the
// summary says so. The suite of two instances behind nginx needs both and Debian's nginx (.ci/run
// installs it); without nginx it is skipped and says why.
//
// `npm run test:quick` (--quick): no browser, no PostgreSQL, no lint, only the server
// and SDK builds; the unit and HTTP suites on SQLite only, for the edit-test loop.
//
// Other arguments go to vitest (e.g. a file filter or `--project server`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureBrowser } from './browser.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const vitestArgs = args.filter((arg) => arg !== '--quick');
const started = Date.now();
const phases = [];

const env = { ...process.env };
if (quick) {
  delete env.TEST_DATABASE_URL;
  delete env.TEST_REDIS_URL;
  // Some server tests run the built server and CLI, and the SDK's test checks its build.
  phase('server build', 'npm', ['run', 'build:ts', '--silent']);
  phase('SDK build', 'npm', ['run', 'build', '-w', '@fxid/sdk', '--silent']);
} else {
  env.CHROME_PATH = ensureBrowser({ env });
  if (env.TEST_DATABASE_URL) await requirePostgres(env.TEST_DATABASE_URL);
  if (env.TEST_REDIS_URL) await requireRedis(env.TEST_REDIS_URL);
  phase('lint and type checks', 'npm', ['run', 'check', '--silent']);
  phase('build', 'npm', ['run', 'build', '--silent']);
}

const report = join(mkdtempSync(join(tmpdir(), 'fxid-tests-')), 'vitest.json');
const projects = quick ? ['--project', '!e2e'] : [];
const vitestStarted = Date.now();
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...projects, ...vitestArgs],
  { stdio: 'inherit', env },
);
phases.push(['tests', Date.now() - vitestStarted]);

let results;
try {
  results = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.error('tests: no report was written');
  process.exit(vitest.status || 1);
}

printSlowest(results.testResults);
const tests = results.testResults.flatMap((file) => file.assertionResults);
const passedOn = (engine) => tests.filter((test) => test.status === 'passed' && test.fullName.includes(`[${engine}]`));
const problems = [];
if (!quick && process.env.CI === 'true' && !env.TEST_DATABASE_URL) problems.push('CI must set TEST_DATABASE_URL');
if (env.TEST_DATABASE_URL && passedOn('postgres').length === 0) {
  problems.push('TEST_DATABASE_URL is set but no PostgreSQL suite passed');
}
if (!quick && process.env.CI === 'true' && !env.TEST_REDIS_URL) problems.push('CI must set TEST_REDIS_URL');
if (env.TEST_REDIS_URL && passedOn('redis').length === 0)
  problems.push('TEST_REDIS_URL is set but no Redis suite passed');
// The suite of two instances behind nginx needs PostgreSQL, Redis and nginx; CI has all three.
const behindProxy = tests.filter((test) => test.status === 'passed' && test.fullName.includes('behind nginx'));
if (!quick && process.env.CI === 'true' && behindProxy.length === 0) {
  problems.push('CI: the suite of two instances behind nginx did not run (is nginx installed? .ci/run installs it)');
}

console.log(
  `database suites: ${passedOn('sqlite').length} passed on sqlite, ${passedOn('postgres').length} on postgres` +
    (quick ? ' (quick run: no PostgreSQL, no browser; `npm test` runs everything)' : ''),
);
const skippedRedis = tests.filter((test) => test.status !== 'passed' && test.fullName.includes('[redis]'));
console.log(
  env.TEST_REDIS_URL
    ? `redis suites: ${passedOn('redis').length} passed`
    : `redis suites: ${skippedRedis.length} skipped (set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them)`,
);
for (const problem of problems) console.error(`error: ${problem}`);
console.log(
  `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped` +
    ` in ${seconds(Date.now() - started)} (${phases.map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')})`,
);
process.exit(vitest.status || (problems.length > 0 ? 1 : 0) || (results.numFailedTests > 0 ? 1 : 0));

/** Runs one step of the full run, stopping everything if it fails. */
function phase(name, command, commandArgs) {
  const at = Date.now();
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  phases.push([name, Date.now() - at]);
  if (result.status !== 0) {
    console.error(`tests: ${name} failed (\`${command} ${commandArgs.join(' ')}\`)`);
    process.exit(result.status || 1);
  }
}

/** One line and a non-zero exit when TEST_DATABASE_URL names a server that does not answer. */
async function requirePostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    console.error(
      `tests: TEST_DATABASE_URL=${url} does not answer (${error.message}); start PostgreSQL or unset it to test on SQLite only`,
    );
    process.exit(1);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One line and a non-zero exit when TEST_REDIS_URL names a server that does not answer. */
async function requireRedis(url) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    console.error(
      `tests: TEST_REDIS_URL=${url} does not answer (${error.message}); start Redis or unset it to skip the Redis suites`,
    );
    process.exit(1);
  } finally {
    redis.disconnect();
  }
}

/** The ten test files that took longest, from the vitest JSON report. */
function printSlowest(files) {
  const slowest = files
    .map((file) => ({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (slowest.length === 0) return;
  console.log('slowest test files:');
  for (const { name, ms } of slowest) console.log(`  ${seconds(ms).padStart(7)}  ${name}`);
}

function seconds(ms) {
  return ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${(ms / 1000).toFixed(1)} s`;
}
