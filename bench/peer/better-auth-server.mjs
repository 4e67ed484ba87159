// The peer of fxid's sign-in in bench/auth-throughput.mjs: better-auth with its magic-link
// plugin on a SQLite file (better-sqlite3, as fxid), behind Node's HTTP server. Before it
// listens it asks for TOKENS links (one address each, as fxid's bench mints one invite per
// address) and writes their tokens, one a line, to TOKENS_FILE; each
// GET /api/auth/magic-link/verify?token=… then consumes one: the user is created (first
// sign-in) and a session started, answered as JSON (no callbackURL), as fxid answers its token.
// Env: PORT, DB_FILE, TOKENS, TOKENS_FILE.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { magicLink } from 'better-auth/plugins/magic-link';

// fxid's own better-sqlite3 (12.x on Node 20), from the repository's node_modules.
const Database = createRequire(new URL('../../apps/server/package.json', import.meta.url))('better-sqlite3');
const port = Number(process.env.PORT ?? 8183);
const database = new Database(process.env.DB_FILE);
// fxid's settings: WAL; synchronous as SQLITE_SYNCHRONOUS says (fxid's default: full).
database.pragma('journal_mode = WAL');
// Links are minted without fsync (setup, not measured); verification runs as configured below.
database.pragma('synchronous = OFF');
const tokens = [];

const auth = betterAuth({
  database,
  baseURL: `http://127.0.0.1:${port}`,
  secret: 'bench-secret-bench-secret-bench-secret-0123456789',
  // fxid's bench allow-lists the load generator's address; the peer gets the same.
  rateLimit: { enabled: false },
  logger: { disabled: true },
  plugins: [
    magicLink({
      expiresIn: 3600,
      sendMagicLink: async ({ token }) => {
        tokens.push(token);
      },
    }),
  ],
});

const { runMigrations } = await getMigrations(auth.options);
await runMigrations();
const count = Number(process.env.TOKENS ?? 1000);
for (let i = 0; i < count; i += 100) {
  await Promise.all(
    Array.from({ length: Math.min(100, count - i) }, (_, j) =>
      auth.api.signInMagicLink({ body: { email: `peer${i + j}@example.com` }, headers: new Headers() }),
    ),
  );
}
writeFileSync(process.env.TOKENS_FILE, tokens.join('\n'));
database.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'normal' ? 'NORMAL' : 'FULL'}`);
createServer(toNodeHandler(auth)).listen(port, '127.0.0.1');
