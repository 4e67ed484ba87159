import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bank131Session } from '../store/providers/bank131/bank131-api.js';
import type { Bank131Config } from '../store/providers/bank131/bank131-config.js';
import { signBank131, verifyBank131 } from '../store/providers/bank131/bank131-signature.js';
import { savedCardOf } from '../store/providers/sandbox/card-brand.js';

/** The project the fake bank knows; requests for another are refused. */
export const FAKE_BANK131_PROJECT = 'fxid-test-project';
/** A card the fake bank declines (the rest pay). */
export const DECLINED_CARD = '4000000000000002';

export interface FakeBank131Request {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** Where the fake posts its notifications: fxid's /api/v1/store/webhooks/bank131 (in process or over HTTP). */
export type NotificationTarget = (body: string, headers: Record<string, string>) => Promise<number>;

export type Answer = { status: number; body: unknown };

/**
 * A fake of Bank131 (tests, the e2e suite and the offline development bank at /dev/bank131):
 * the part of Bank131's API fxid calls, on loopback, as the bank behaves (platform-protocols.md §9):
 * every request must carry X-PARTNER-PROJECT and an RSA-SHA256 X-PARTNER-SIGN of its exact body
 * that verifies with fxid's public key; X-PARTNER-IDEMPOTENCY-KEY is honoured (same body, the first
 * answer; another body, idempotency_key_already_exists). Sessions go created → in_progress
 * (ready_to_confirm) → confirmed → payment_finished, SBP through action_required with the QR; its
 * notifications are signed with the bank's own key. It also plays the bank's card widget: a
 * stand-in script (the real loader is not public) that tokenizes a card at the fake, so the card
 * number never reaches fxid.
 */
export class FakeBank131 {
  readonly requests: FakeBank131Request[] = [];
  readonly sessions = new Map<string, Bank131Session>();
  /** Card tokens the widget issued, and recurrent tokens of paid cards: the card number behind each. */
  private readonly cards = new Map<string, string>();
  private readonly publicTokens = new Set<string>();
  private readonly saved = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly pending: { body: string; headers: Record<string, string> }[] = [];
  private server: Server | undefined;
  /** Sends each notification as soon as it is made (a running server); tests otherwise call flush(). */
  autoDeliver = false;
  target: NotificationTarget | undefined;
  readonly ours: { publicKey: KeyObject; privateKey: KeyObject };
  private readonly bank: { publicKey: KeyObject; privateKey: KeyObject };
  /** The link an SBP QR carries: NSPK's by default; the development bank's own pay page offline. */
  private readonly sbpLink: (sessionId: string) => string;
  private readonly project: string;

  /** Keys and project of a known setup (the offline development bank), or fresh ones (tests). */
  constructor(
    options: {
      ours?: { publicKey: KeyObject; privateKey: KeyObject };
      bank?: { publicKey: KeyObject; privateKey: KeyObject };
      project?: string;
      sbpLink?: (sessionId: string) => string;
    } = {},
  ) {
    this.ours = options.ours ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.bank = options.bank ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.project = options.project ?? FAKE_BANK131_PROJECT;
    this.sbpLink =
      options.sbpLink ?? (() => `https://qr.nspk.ru/AS${randomBytes(12).toString('hex').toUpperCase()}?type=02`);
    this.config.projectId = this.project;
    this.config.privateKey = this.ours.privateKey;
    this.config.bankPublicKeys = [this.bank.publicKey];
  }
  readonly config: Bank131Config = {
    projectId: FAKE_BANK131_PROJECT,
    privateKey: undefined as unknown as KeyObject,
    bankPublicKeys: [],
    apiType: 'Bank131',
    apiBase: 'http://127.0.0.1:0',
    demo: true,
    widgetUrl: 'http://127.0.0.1:0/widget.js',
    offline: false,
  };

  /** The fxid side's variables for a server process: keys as PEM. */
  env(): Record<string, string> {
    return {
      BANK131_PROJECT_ID: this.project,
      BANK131_PRIVATE_KEY: this.ours.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      BANK131_PUBLIC_KEYS: this.bank.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      BANK131_API_BASE: this.config.apiBase,
      BANK131_WIDGET_URL: this.config.widgetUrl,
      BANK131_DEMO: 'true',
    };
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks);
        const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^\//, '');
        const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
        if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
        if (request.method === 'GET' && path === 'widget.js') {
          response.writeHead(200, { ...cors, 'content-type': 'application/javascript' });
          return response.end(this.widgetScript(`${this.config.apiBase}/widget/tokenize`));
        }
        const answer = this.handle(path, raw, request.headers);
        response.writeHead(answer.status, { ...cors, 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.config.apiBase = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.config.widgetUrl = `${this.config.apiBase}/widget.js`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** One POST to the bank (its API, or the widget's tokenization), however it arrived. */
  handle(path: string, raw: Buffer, headers: IncomingHttpHeaders): Answer {
    return path === 'widget/tokenize' ? this.tokenize(raw) : this.api(path, raw, headers);
  }

  /** The card widget's stand-in script, tokenizing at `tokenizeUrl`. */
  widgetScript(tokenizeUrl: string): string {
    return WIDGET_STAND_IN.replace('__TOKENIZE__', tokenizeUrl);
  }

  private error(status: number, code: string): Answer {
    return { status, body: { status: 'error', error: { code, description: code } } };
  }

  private api(path: string, raw: Buffer, headers: IncomingHttpHeaders): Answer {
    const signature = headers['x-partner-sign'];
    if (headers['x-partner-project'] !== this.project) return this.error(401, 'invalid_project');
    if (typeof signature !== 'string' || !verifyBank131(raw, signature, [this.ours.publicKey])) {
      return this.error(401, 'invalid_signature');
    }
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    this.requests.push({ path, headers, body });
    const key = headers['x-partner-idempotency-key'];
    if (typeof key !== 'string') return this.route(path, body);
    const fingerprint = `${path} ${raw.toString('utf8')}`;
    const previous = this.saved.get(key);
    if (previous) {
      return previous.fingerprint === fingerprint ? previous.answer : this.error(400, 'idempotency_key_already_exists');
    }
    const answer = this.route(path, body);
    this.saved.set(key, { fingerprint, answer });
    return answer;
  }

  private route(path: string, body: Record<string, unknown>): Answer {
    if (path === 'api/v1/session/create') return this.create(body);
    if (path === 'api/v1/token') {
      const token = `pt_${randomBytes(12).toString('hex')}`;
      this.publicTokens.add(token);
      return { status: 200, body: { status: 'ok', public_token: token } };
    }
    const found = this.sessions.get(String(body.session_id));
    if (!found) return this.error(404, 'session_not_found');
    const ok = { status: 200, body: { status: 'ok', session: found } };
    switch (path) {
      case 'api/v1/session/status':
        return ok;
      case 'api/v1/session/start/payment':
        return this.startPayment(found, body) ?? ok;
      case 'api/v1/session/confirm':
        return this.confirm(found) ?? ok;
      case 'api/v1/session/capture':
        return ok;
      case 'api/v1/session/cancel':
        // A finished session, or a payment the bank is already processing, can no longer be cancelled.
        if (found.status === 'accepted' || found.status === 'cancelled')
          return this.error(400, 'invalid_session_status');
        if (found.acquiring_payments?.[0]?.status === 'in_progress') return this.error(400, 'payment_in_progress');
        found.status = 'cancelled';
        this.notify('payment_finished', found);
        return ok;
      case 'api/v1/session/refund': {
        const payment = found.acquiring_payments?.[0];
        if (payment?.status !== 'succeeded') return this.error(400, 'invalid_session_status');
        payment.refunds = [{ id: `rf_${randomUUID()}`, status: 'succeeded', amount_details: payment.amount_details }];
        this.notify('payment_refunded', found);
        return ok;
      }
    }
    return this.error(404, 'not_found');
  }

  private create(body: Record<string, unknown>): Answer {
    const amount = body.amount_details as Bank131Session['amount_details'];
    if (!amount || !Number.isInteger(amount.amount) || amount.amount <= 0) return this.error(400, 'invalid_amount');
    const session: Bank131Session = {
      id: `ps_${randomBytes(8).toString('hex')}`,
      status: 'created',
      amount_details: amount,
      metadata: typeof body.metadata === 'string' ? body.metadata : null,
      acquiring_payments: [],
      created_at: new Date().toISOString(),
    };
    this.sessions.set(session.id, session);
    return { status: 200, body: { status: 'ok', session } };
  }

  private startPayment(session: Bank131Session, body: Record<string, unknown>): Answer | undefined {
    if (session.status !== 'created') return this.error(400, 'invalid_session_status');
    const details = body.payment_details as {
      type?: string;
      card?: { type?: string; tokenized_card?: { token?: string } };
      recurrent?: { token?: string };
    };
    let pan: string | undefined;
    if (details?.type === 'card') pan = this.cards.get(details.card?.tokenized_card?.token ?? '');
    if (details?.type === 'recurrent') pan = this.cards.get(details.recurrent?.token ?? '');
    if (details?.type !== 'faster_payment_system' && !pan) return this.error(400, 'invalid_card');
    session.status = 'in_progress';
    session.next_action = 'confirm';
    session.acquiring_payments = [
      {
        id: `pm_${randomBytes(8).toString('hex')}`,
        status: 'pending',
        amount_details: (body.amount_details as Bank131Session['amount_details']) ??
          session.amount_details ?? {
            amount: 0,
            currency: 'rub',
          },
        payment_details: pan
          ? { type: 'card', card: { brand: savedCardOf(pan).brand.toLowerCase(), last4: pan.slice(-4) } }
          : { type: 'faster_payment_system' },
        metadata: typeof body.metadata === 'string' ? body.metadata : null,
      },
    ];
    this.pans.set(session.id, pan ?? '');
    this.notify('ready_to_confirm', session);
    return undefined;
  }

  private readonly pans = new Map<string, string>();

  private confirm(session: Bank131Session): Answer | undefined {
    const payment = session.acquiring_payments?.[0];
    if (session.next_action !== 'confirm' || !payment) return this.error(400, 'invalid_session_status');
    delete session.next_action;
    const pan = this.pans.get(session.id);
    if (!pan) {
      // SBP: the bank issues the QR; the buyer pays in their bank's app (sbpPaid).
      payment.status = 'in_progress';
      payment.customer_interaction = {
        type: 'inform',
        inform: { qr: { content: this.sbpLink(session.id) } },
      };
      this.notify('action_required', session);
      return undefined;
    }
    this.settle(session, pan !== DECLINED_CARD, pan);
    return undefined;
  }

  private settle(session: Bank131Session, succeeded: boolean, pan?: string) {
    const payment = session.acquiring_payments?.[0];
    if (!payment) throw new Error(`session ${session.id} has no payment`);
    payment.status = succeeded ? 'succeeded' : 'failed';
    session.status = succeeded ? 'accepted' : 'error';
    if (succeeded && pan) {
      const recurrent = `rt_${randomBytes(12).toString('hex')}`;
      this.cards.set(recurrent, pan);
      payment.recurrent_token = recurrent;
    }
    this.notify('payment_finished', session);
  }

  /** The buyer paid the SBP QR of this session in their bank's app. */
  sbpPaid(sessionId: string): void {
    const session = this.requireSession(sessionId);
    this.settle(session, true);
  }

  private tokenize(raw: Buffer): Answer {
    const body = JSON.parse(raw.toString('utf8') || '{}') as { public_token?: string; number?: string };
    if (!this.publicTokens.has(body.public_token ?? '')) return this.error(401, 'invalid_public_token');
    const number = (body.number ?? '').replace(/\D/g, '');
    if (!/^\d{12,19}$/.test(number)) return this.error(400, 'invalid_card_number');
    const token = `ct_${randomBytes(12).toString('hex')}`;
    this.cards.set(token, number);
    return { status: 200, body: { status: 'ok', token } };
  }

  /** A card the widget tokenized, as a test without a browser gets one. */
  cardToken(number: string): string {
    const token = `ct_${randomBytes(12).toString('hex')}`;
    this.cards.set(token, number);
    return token;
  }

  requireSession(id: string): Bank131Session {
    const found = this.sessions.get(id);
    if (!found) throw new Error(`no fake Bank131 session ${id}`);
    return found;
  }

  /** A notification as the bank sends it: the JSON body and its X-PARTNER-SIGN with the bank's key. */
  signed(type: string, session: Bank131Session): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({ type, session });
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-partner-sign': signBank131(body, this.bank.privateKey) },
    };
  }

  private notify(type: string, session: Bank131Session) {
    // A snapshot: the session changes on, the notification says what it was.
    this.pending.push(this.signed(type, structuredClone(session)));
    if (this.autoDeliver) setImmediate(() => void this.flush().catch(() => {}));
  }

  /** Delivers every notification made so far, in order, including those the answers cause; gives their statuses. */
  async flush(): Promise<number[]> {
    const statuses: number[] = [];
    for (let next = this.pending.shift(); next; next = this.pending.shift()) {
      if (!this.target) throw new Error('the fake Bank131 has no notification target');
      statuses.push(await this.target(next.body, next.headers));
    }
    return statuses;
  }

  calls(path: string): FakeBank131Request[] {
    return this.requests.filter((request) => request.path === path);
  }
}

/**
 * The bank's card widget as far as the portal uses it (its real loader is not public,
 * platform-protocols.md §14 item 11): `window.Bank131CardWidget.tokenize({ publicToken, number })`
 * sends the card to the bank and resolves with the bank's card token.
 */
const WIDGET_STAND_IN = `
window.Bank131CardWidget = {
  tokenize: async function (options) {
    const response = await fetch('__TOKENIZE__', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ public_token: options.publicToken, number: options.number }),
    });
    const answer = await response.json();
    if (answer.status !== 'ok') throw new Error(answer.error && answer.error.code);
    return answer.token;
  },
};
`;
