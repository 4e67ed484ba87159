import { readFileSync } from 'node:fs';
import { AppError } from '../errors.js';
import { PushSendError, sendPushNotice } from '../modules/push/push-sender.js';
import { configFromEnvironment, parseCommandLine, withDatabase } from './env.js';

const USAGE =
  'usage: npm run push -- send --game GAME --title TEXT --body TEXT [--url URL] [--account ACCOUNT_ID]\n' +
  '       [--ttl SECONDS] [--urgency very-low|low|normal|high] [--allow-local-endpoints] (not in production)';
const OPTIONS = {
  game: { type: 'string' },
  title: { type: 'string' },
  body: { type: 'string' },
  url: { type: 'string' },
  account: { type: 'string' },
  ttl: { type: 'string' },
  urgency: { type: 'string' },
  'allow-local-endpoints': { type: 'boolean' },
} as const;
const URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;

/** npm run push -- send …: sends one notification to the saved subscriptions of a game and prints the figures. */
async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, OPTIONS, USAGE);
  if (!parsed) return 2;
  const { positionals, values } = parsed;
  const { game, title, body } = values;
  const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
  const urgency = URGENCIES.find((value) => value === values.urgency);
  if (
    positionals.join(' ') !== 'send' ||
    !game ||
    title === undefined ||
    body === undefined ||
    (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= 0)) ||
    (values.urgency !== undefined && !urgency)
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = configFromEnvironment();
  if (config.vapid?.generated) {
    // The server made up its own pair at start: subscriptions it saved belong to that key, not to this one.
    console.error('push: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (the same as the server uses)');
    return 1;
  }
  // Lets a development setup trust its local push service, as NODE_EXTRA_CA_CERTS does for the rest of Node.
  const ca = values['allow-local-endpoints'] && process.env.NODE_EXTRA_CA_CERTS;
  try {
    const report = await withDatabase(
      (db) =>
        sendPushNotice(
          { db, config },
          {
            game,
            accountId: values.account,
            ...(ttl !== undefined ? { ttlSeconds: ttl } : {}),
            ...(urgency ? { urgency } : {}),
            allowLocalEndpoints: values['allow-local-endpoints'] ?? false,
            ...(ca ? { ca: readFileSync(ca, 'utf8') } : {}),
          },
          { title, body, ...(values.url !== undefined ? { url: values.url } : {}) },
        ),
      config,
    );
    for (const problem of report.problems) console.error(`  ${problem}`);
    console.log(
      `${game}: ${report.subscriptions} subscription(s), ${report.sent} sent, ${report.failed} failed ` +
        `(${report.removed} removed as gone), ${report.skipped} skipped as unsafe`,
    );
    return report.failed + report.skipped > 0 && report.sent === 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof PushSendError || error instanceof AppError) {
      console.error(`push: ${error.message}\nnothing was sent`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await run(process.argv.slice(2));
