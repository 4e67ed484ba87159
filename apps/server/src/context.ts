import type { Account } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { SharedState } from './cluster/shared-state.js';
import type { Config } from './config.js';
import type { Engine } from './db/database.js';
import type { Database } from './db/schema.js';
import type { TtlCache } from './lib/ttl-cache.js';
import type { Metrics } from './metrics/metrics.js';
import type { FirebaseKeys } from './modules/auth/firebase/firebase-keys.js';
import type { Sessions } from './modules/auth/sessions.js';
import type { Captcha } from './modules/captcha/captcha.js';
import type { GameCatalog } from './modules/catalog/game-catalog.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { GameJwtSigner } from './modules/play/game-jwt.js';
import type { Payments } from './modules/store/payments.js';

/** Everything a module needs, built once by createApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  /** Current time in epoch milliseconds; tests pass a fixed clock. */
  now: () => number;
  sessions: Sessions;
  /** The catalog's games and branding, parsed once per import; other modules read games only here. */
  catalog: GameCatalog;
  /** Presented accounts by id, so profile reads stay off the database; every account write evicts. */
  accounts: TtlCache<Account>;
  /** Redis shared with other instances (rate limits, cache evictions), or none with one process. */
  cluster: SharedState;
  /** Prometheus counters and histograms of this instance. */
  metrics: Metrics;
  captcha: Captcha;
  mailer: Mailer;
  gameJwt: GameJwtSigner;
  payments: Payments;
  /** Firebase's ID-token signing keys (Google's, or the local issuer's in development); none: Firebase sign-in is off. */
  firebaseKeys: FirebaseKeys | undefined;
}
