import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, queuedEmails, signIn } from '../../test/sign-in.js';

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '"><svg onload=alert(1)>',
].join('\n');

describeEachEngine('support messages', (engine) => {
  const testApp = useTestApp(engine);
  let token = '';
  const send = (payload: object, ip = '10.3.0.1', auth = token) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/support/send-message',
      payload,
      remoteAddress: ip,
      ...(auth ? { headers: bearer(auth) } : {}),
    });
  const data = (extra: object = {}) => ({
    Body: 'The game freezes on level 3.',
    Email: 'mike.jones@example.com',
    Subject: 'bug_report',
    ...extra,
  });

  it("stores a message and mails it to the game's support address, from the email's name", async () => {
    const { app, database } = testApp();
    token = await signIn(app, database.handle.db, 'support-player@example.com');
    const response = await send({
      GameSystemName: 'sky-runner',
      Data: data({ DeviceUid: 'device-42', Name: 'Ignored' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Success: true, Id: expect.any(String) });
    const stored = await database.handle.db
      .selectFrom('support_messages')
      .selectAll()
      .where('id', '=', response.json().Id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      email: 'mike.jones@example.com',
      sender_name: 'mike.jones',
      subject: 'bug_report',
      body: 'The game freezes on level 3.',
      device_uid: 'device-42',
      sent_to: 'support@sky-runner.example',
    });
    const mail = (await queuedEmails(database.handle.db)).at(-1);
    expect(mail).toMatchObject({
      to: 'support@sky-runner.example',
      subject: '[sky-runner] Bug report from mike.jones',
      replyTo: 'mike.jones@example.com',
    });
    expect(mail?.text).toContain('The game freezes on level 3.');
    expect(mail?.text).toContain('Device: device-42');
  });

  it('sends to SUPPORT_EMAIL for a game without its own address, and for the portal', async () => {
    const { database } = testApp();
    expect((await send({ GameSystemName: 'gem-garden', Data: data({ Subject: 'payment_issues' }) })).statusCode).toBe(
      200,
    );
    expect((await queuedEmails(database.handle.db)).at(-1)).toMatchObject({
      to: 'support@localhost',
      subject: '[gem-garden] Payment issue from mike.jones',
    });
    expect((await send({ Data: data({ Subject: 'other' }) })).statusCode).toBe(200);
    expect((await queuedEmails(database.handle.db)).at(-1)).toMatchObject({
      subject: '[portal] Other from mike.jones',
    });
  });

  it('renders what the player typed inert in the HTML email (row 44)', async () => {
    const { database } = testApp();
    const response = await send({ GameSystemName: 'sky-runner', Data: data({ Body: XSS }) });
    expect(response.statusCode).toBe(200);
    const mail = (await queuedEmails(database.handle.db)).at(-1);
    expect(mail?.text).toContain('<script>alert(1)</script>');
    const html = mail?.html ?? '';
    expect(html).not.toMatch(/<script|<img|<svg|<a /i);
    // Event-handler text survives only as escaped text, never inside a tag.
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('validates every rule of the report-issue form with its message', async () => {
    const cases: [object, string, string][] = [
      [{ Email: 'a@b.co', Subject: 'bug_report' }, 'body.Data.Body', 'Message is required'],
      [data({ Body: '' }), 'body.Data.Body', 'Message is required'],
      [data({ Body: '   short   ' }), 'body.Data.Body', 'Message must be at least 10 characters'],
      [data({ Body: ' '.repeat(20) }), 'body.Data.Body', 'Message is required'],
      [data({ Body: 'x'.repeat(5001) }), 'body.Data.Body', 'Message must be at most 5000 characters'],
      [{ Body: 'long enough text', Subject: 'bug_report' }, 'body.Data.Email', 'Email is required'],
      [data({ Email: '' }), 'body.Data.Email', 'Email is required'],
      [data({ Email: 'not-an-email' }), 'body.Data.Email', 'Invalid email format'],
      [data({ Email: 'a@b.co\r\nBcc: x@y.z' }), 'body.Data.Email', 'Invalid email format'],
      [{ Body: 'long enough text', Email: 'a@b.co' }, 'body.Data.Subject', 'Subject is required'],
      [data({ Subject: 'refund_now' }), 'body.Data.Subject', 'Subject is required'],
    ];
    const { app, database } = testApp();
    // Refusals count towards the limit of 10 per player too: two players share the cases.
    const players = [
      await signIn(app, database.handle.db, 'support-form-1@example.com'),
      await signIn(app, database.handle.db, 'support-form-2@example.com'),
    ];
    for (const [index, [fields, field, message]] of cases.entries()) {
      const player = players[index % 2];
      const response = await send({ GameSystemName: 'sky-runner', Data: fields }, '10.3.1.1', player);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      const problem = response.json();
      expect(problem.ErrorCode).toBe('validation_failed');
      expect(problem.Errors).toContainEqual({ Field: field, Message: message });
    }
  });

  it('trims the message before counting and storing it', async () => {
    const { database } = testApp();
    const response = await send({ Data: data({ Body: '   ten chars!   ' }) }, '10.3.2.1');
    expect(response.statusCode).toBe(200);
    const stored = await database.handle.db
      .selectFrom('support_messages')
      .select('body')
      .where('id', '=', response.json().Id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe('ten chars!');
  });

  it('needs a bearer token and a known game', async () => {
    expect((await send({ Data: data() }, '10.3.3.1', '')).json()).toMatchObject({
      ErrorCode: 'unauthorized',
      status: 401,
    });
    const response = await send({ GameSystemName: 'no-such-game', Data: data() }, '10.3.3.1');
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorCode).toBe('game_not_found');
  });

  it('limits how many messages one player sends', async () => {
    const { app, database } = testApp();
    const flooder = await signIn(app, database.handle.db, 'support-flood@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send({ Data: data() }, `10.3.4.${i}`, flooder)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describeEachEngine('support messages without an address', (engine) => {
  const testApp = useTestApp(engine, { supportEmail: undefined });

  it('refuses with service_unavailable rather than store a message nobody receives', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'support-none@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/support/send-message',
      headers: bearer(token),
      payload: {
        GameSystemName: 'gem-garden',
        Data: { Body: 'Nothing works at all.', Email: 'a@b.co', Subject: 'other' },
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().ErrorCode).toBe('service_unavailable');
    expect(await database.handle.db.selectFrom('support_messages').selectAll().execute()).toEqual([]);
  });
});
