// Runs every vitest project once and closes with one summary line. When
// TEST_DATABASE_URL is set (CI always sets it) the run fails unless suites
// actually ran on PostgreSQL, so a silently skipped engine cannot pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const report = join(mkdtempSync(join(tmpdir(), 'fxid-tests-')), 'vitest.json');
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);

let results;
try {
  results = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.error('tests: no report was written');
  process.exit(vitest.status || 1);
}

const tests = results.testResults.flatMap((file) => file.assertionResults);
const passedOn = (engine) => tests.filter((test) => test.status === 'passed' && test.fullName.includes(`[${engine}]`));
const problems = [];
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) problems.push('CI must set TEST_DATABASE_URL');
if (process.env.TEST_DATABASE_URL && passedOn('postgres').length === 0) {
  problems.push('TEST_DATABASE_URL is set but no PostgreSQL suite passed');
}

console.log(
  `database suites: ${passedOn('sqlite').length} passed on sqlite, ${passedOn('postgres').length} on postgres`,
);
for (const problem of problems) console.error(`error: ${problem}`);
console.log(
  `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`,
);
process.exit(vitest.status || (problems.length > 0 ? 1 : 0) || (results.numFailedTests > 0 ? 1 : 0));
