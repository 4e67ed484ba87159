import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { DEMO_CATALOG } from '../../test/app.js';
import { latestInviteToken, requestLink } from '../../test/sign-in.js';
import { type SmtpPeer, startSmtpPeer, unfolded } from '../../test/smtp-peer.js';
import { createCaptcha } from '../captcha/captcha.js';
import { readCatalogFile } from '../catalog/catalog-file.js';
import { importCatalog } from '../catalog/catalog-import.js';
import { processOutbox } from '../outbox/outbox.js';

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('mail delivery over SMTP', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());

  it('delivers the queued email invite with text and HTML parts', async () => {
    const database = openDatabase('sqlite::memory:');
    const config = testConfig({
      webDistDir: '/nonexistent',
      outboxIntervalMs: 20,
      mail: { smtpUrl: smtp.url, from: 'fxid <no-reply@fxid.test>' },
    });
    const app = await createApp(config, { database });
    await importCatalog(database.db, await readCatalogFile(DEMO_CATALOG), Date.now());
    expect((await requestLink(app, 'mailme@example.com', { Locale: 'de' })).statusCode).toBe(200);
    await waitFor(() => smtp.received.length > 0);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['mailme@example.com']);
    expect(mail?.data).toContain('Subject: =?UTF-8?Q?Dein_Anmeldelink_f=C3=BCr_fxid?=');
    expect(mail?.data).toContain('Content-Type: text/plain');
    expect(mail?.data).toContain('Content-Type: text/html');
    const token = await latestInviteToken(database.db, 'mailme@example.com');
    expect(mail && unfolded(mail)).toContain(token);
    // The job is marked done just after the relay took the mail.
    const job = () => database.db.selectFrom('outbox').select(['status', 'attempts']).executeTakeFirstOrThrow();
    await waitFor(async () => (await job()).status !== 'pending');
    expect(await job()).toEqual({ status: 'done', attempts: 1 });
    await app.close();
  });
});

describe('dev mailbox', () => {
  it('keeps mail in the database and shows it at /dev/mailbox in development only', async () => {
    const database = openDatabase('sqlite::memory:');
    const app = await createApp(testConfig({ webDistDir: '/nonexistent', outboxIntervalMs: 20 }), { database });
    await requestLink(app, 'dev@example.com');
    await waitFor(async () => (await database.db.selectFrom('dev_mailbox').select('id').execute()).length > 0);
    const page = await app.inject('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your sign-in link for fxid');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:8080\/LoginValidateEmail\?inviteToken=[\w-]+">/);
    await app.close();

    const production = await createApp(testConfig({ mode: 'production', webDistDir: '/nonexistent' }), {
      database: openDatabase('sqlite::memory:'),
    });
    expect((await production.inject('/dev/mailbox')).statusCode).toBe(404);
    await production.close();
  });
});

describe('outbox', () => {
  it('retries a failing job with growing delays, then delivers it once', async () => {
    const { db } = openDatabase('sqlite::memory:');
    const { migrateToLatest } = await import('../../db/migrate.js');
    await migrateToLatest(db);
    const { enqueue } = await import('../outbox/outbox.js');
    let now = 1_000_000;
    await enqueue(db, 'flaky', { n: 1 }, now);
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls++;
        if (calls < 3) throw new Error(`try ${calls} failed`);
      },
    };
    expect(await processOutbox(db, handlers, () => now)).toEqual({ done: 0, failed: 1 });
    const afterFirst = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, last_error: 'try 1 failed' });
    expect(afterFirst.next_attempt_at).toBe(now + 30_000);
    expect(await processOutbox(db, handlers, () => now)).toEqual({ done: 0, failed: 0 });
    now += 30_000;
    expect(await processOutbox(db, handlers, () => now)).toEqual({ done: 0, failed: 1 });
    const afterSecond = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(afterSecond.next_attempt_at).toBe(now + 60_000);
    now += 60_000;
    expect(await processOutbox(db, handlers, () => now)).toEqual({ done: 1, failed: 0 });
    expect(await processOutbox(db, handlers, () => now + 1e9)).toEqual({ done: 0, failed: 0 });
    expect(calls).toBe(3);
    await db.destroy();
  });
});

describe('Turnstile robot check', () => {
  let server: Server;
  let answer: { status: number; body: unknown };
  const seen: Record<string, unknown>[] = [];
  let url = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += String(chunk);
      });
      request.on('end', () => {
        seen.push(JSON.parse(body));
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const captcha = (verifyUrl = url) =>
    createCaptcha(
      testConfig({ turnstile: { secret: 'real-secret', verifyUrl }, publicUrl: 'https://play.example.com' }),
    );

  it('passes a token siteverify accepts for our host, sending secret, token and IP', async () => {
    answer = { status: 200, body: { success: true, hostname: 'play.example.com', action: 'email_sign_in' } };
    expect(await captcha().verify('tok-1', '203.0.113.9')).toBe(true);
    expect(seen.at(-1)).toMatchObject({ secret: 'real-secret', response: 'tok-1', remoteip: '203.0.113.9' });
  });

  it('refuses a failed, replayed, foreign-host or other-action token', async () => {
    answer = { status: 200, body: { success: false, 'error-codes': ['timeout-or-duplicate'] } };
    expect(await captcha().verify('tok-2', '203.0.113.9')).toBe(false);
    answer = { status: 200, body: { success: true, hostname: 'evil.example', action: 'email_sign_in' } };
    expect(await captcha().verify('tok-3', '203.0.113.9')).toBe(false);
    answer = { status: 200, body: { success: true, hostname: 'play.example.com', action: 'newsletter' } };
    expect(await captcha().verify('tok-6', '203.0.113.9')).toBe(false);
    answer = { status: 200, body: { success: true, hostname: 'play.example.com' } };
    expect(await captcha().verify('tok-7', '203.0.113.9')).toBe(false);
  });

  it('fails closed when siteverify is down or confused', async () => {
    answer = { status: 500, body: {} };
    await expect(captcha().verify('tok-4', '203.0.113.9')).rejects.toMatchObject({ code: 'service_unavailable' });
    await expect(captcha('http://127.0.0.1:9/siteverify').verify('tok-5', '203.0.113.9')).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});
