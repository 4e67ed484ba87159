import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/**
 * A fake of Steam's partner Web API (development simulator and tests), over real HTTP as Steam
 * serves it (platform-protocols.md §4a, §4b): `ISteamUserAuth/AuthenticateUserTicket/v1`,
 * `ISteamMicroTxn{,Sandbox}/InitTxn/v3` (form), `FinalizeTxn/v2` (form), `QueryTxn/v3`, answered in
 * Steam's `{ response: … }` shapes. A wrong publisher key gets Steam's 403 HTML page. The
 * simulator adds what the Steam client would: the player's Web API tickets, their answer in the
 * overlay (approve or deny). The error codes of refusals are this fake's choice (Valve's list is
 * not public; platform-protocols.md §14).
 */
export interface FakeSteamTxn {
  appid: string;
  orderid: string;
  transid: string;
  steamid: string;
  status: string;
  currency: string;
  language: string;
  usersession: string;
  timecreated: number;
  items: { itemid: string; qty: number; amount: number; description: string }[];
  /** Approved in the overlay, but the charge will fail at FinalizeTxn (a declined card). */
  chargeFails?: boolean;
}

export interface FakeSteam {
  /** A publisher key that may act for these app ids. */
  addKey(key: string, appIds: string[]): void;
  /** A Web API auth ticket of `steamid` for `appId`, made for `identity` (GetAuthTicketForWebApi); hex. */
  issueTicket(appId: string, steamid: string, identity: string): string;
  /**
   * The overlay's answer to a transaction waiting in Init: Approved, or Failed when denied;
   * `chargeFails` approves one whose charge FinalizeTxn will fail.
   */
  authorize(appId: string, orderid: string, approved: boolean, chargeFails?: boolean): FakeSteamTxn | undefined;
  /** Transactions of the player still waiting for the overlay. */
  waiting(steamid: string): FakeSteamTxn[];
  txn(appId: string, orderid: string): FakeSteamTxn | undefined;
  /** Steam refunds a finalized transaction (support, chargeback). */
  refund(appId: string, orderid: string): void;
  /** Answers 500 from now on (Steam down), or serves again. */
  down(isDown: boolean): void;
  /** Refuses FinalizeTxn from now on (a charge that fails at Steam), or finalizes again. */
  failFinalize(fail: boolean): void;
  routes: FastifyPluginAsync;
}

const FORBIDDEN_PAGE =
  '<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>';
const failure = (errorcode: number, errordesc: string) => ({
  response: { result: 'Failure', error: { errorcode, errordesc } },
});

/**
 * `appsOfKey`, when given, names the apps of a publisher key the fake has not been told of (the
 * simulator: the catalog's games on Steam, read when Steam is first called).
 */
export function createFakeSteam(options: { appsOfKey?: (key: string) => Promise<string[]> } = {}): FakeSteam {
  const keys = new Map<string, Set<string>>();
  const tickets = new Map<string, { appId: string; steamid: string; identity: string }>();
  const txns = new Map<string, FakeSteamTxn>();
  let isDown = false;
  let finalizeFails = false;
  const txnKey = (appId: string, orderid: string) => `${appId}:${orderid}`;

  /** The request's key and appid, when the key may act for that app; otherwise Steam's 403 is sent. */
  const authorized = async (params: Record<string, string | undefined>, reply: FastifyReply) => {
    const key = params.key ?? '';
    const apps = keys.get(key) ?? new Set(key && options.appsOfKey ? await options.appsOfKey(key) : []);
    if (apps.has(params.appid ?? '')) return params.appid as string;
    await reply.code(403).type('text/html').send(FORBIDDEN_PAGE);
    return undefined;
  };

  const routes: FastifyPluginAsync = async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.addHook('onRequest', async (_request, reply) => {
      if (isDown) await reply.code(500).type('text/html').send('<html><body>Internal Server Error</body></html>');
    });

    app.get('/ISteamUserAuth/AuthenticateUserTicket/v1/', { schema: { hide: true } }, async (request, reply) => {
      const params = request.query as Record<string, string | undefined>;
      const appId = await authorized(params, reply);
      if (!appId) return reply;
      if (!params.ticket) return { response: { error: { errorcode: 3, errordesc: 'Invalid parameter' } } };
      const ticket = tickets.get(params.ticket.toLowerCase());
      // A ticket of another app, or made for another service's identity, is as invalid as a forged one.
      if (!ticket || ticket.appId !== appId || ticket.identity !== (params.identity ?? '')) {
        return { response: { error: { errorcode: 101, errordesc: 'Invalid ticket' } } };
      }
      return {
        response: {
          params: {
            result: 'OK',
            steamid: ticket.steamid,
            ownersteamid: ticket.steamid,
            vacbanned: false,
            publisherbanned: false,
          },
        },
      };
    });

    const microTxn = async (interfaceName: string) => {
      app.post(`/${interfaceName}/InitTxn/v3/`, { schema: { hide: true } }, async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, string | undefined>;
        const appId = await authorized(body, reply);
        if (!appId) return reply;
        const amount = Number(body['amount[0]']);
        const qty = Number(body['qty[0]']);
        if (
          !/^\d{1,20}$/.test(body.orderid ?? '') ||
          !/^7656119\d{10}$/.test(body.steamid ?? '') ||
          body.itemcount !== '1' ||
          !/^[A-Z]{3}$/.test(body.currency ?? '') ||
          !['client', 'web'].includes(body.usersession ?? '') ||
          !body['itemid[0]'] ||
          !body['description[0]'] ||
          !Number.isInteger(amount) ||
          amount <= 0 ||
          !Number.isInteger(qty) ||
          qty <= 0
        ) {
          return failure(3, 'Invalid parameter');
        }
        const orderid = body.orderid as string;
        if (txns.has(txnKey(appId, orderid))) return failure(8, 'Order id already used for this app');
        const transid = String(randomInt(1_000_000_000, 2 ** 47));
        txns.set(txnKey(appId, orderid), {
          appid: appId,
          orderid,
          transid,
          steamid: body.steamid as string,
          status: 'Init',
          currency: body.currency as string,
          language: body.language ?? 'en',
          usersession: body.usersession as string,
          timecreated: Math.floor(Date.now() / 1000),
          items: [{ itemid: body['itemid[0]'] as string, qty, amount, description: body['description[0]'] as string }],
        });
        return { response: { result: 'OK', params: { orderid, transid } } };
      });

      app.post(`/${interfaceName}/FinalizeTxn/v2/`, { schema: { hide: true } }, async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, string | undefined>;
        const appId = await authorized(body, reply);
        if (!appId) return reply;
        const txn = txns.get(txnKey(appId, body.orderid ?? ''));
        if (!txn) return failure(3, 'Invalid order id');
        if (txn.status !== 'Approved') return failure(2, `Transaction is ${txn.status}, not approved by the user`);
        if (finalizeFails || txn.chargeFails) {
          txn.status = 'Failed';
          return failure(2, 'Payment failed');
        }
        txn.status = 'Succeeded';
        return { response: { result: 'OK', params: { orderid: txn.orderid, transid: txn.transid } } };
      });

      app.get(`/${interfaceName}/QueryTxn/v3/`, { schema: { hide: true } }, async (request, reply) => {
        const params = request.query as Record<string, string | undefined>;
        const appId = await authorized(params, reply);
        if (!appId) return reply;
        const txn = txns.get(txnKey(appId, params.orderid ?? ''));
        if (!txn) return failure(3, 'Invalid order id');
        return {
          response: {
            result: 'OK',
            params: {
              orderid: txn.orderid,
              transid: txn.transid,
              steamid: txn.steamid,
              status: txn.status,
              currency: txn.currency,
              time: new Date(txn.timecreated * 1000).toISOString().replace('.000', ''),
              country: 'US',
              usstate: '',
              timecreated: new Date(txn.timecreated * 1000).toISOString().replace('.000', ''),
              items: txn.items.map((item) => ({
                itemid: item.itemid,
                qty: item.qty,
                amount: item.amount,
                vat: 0,
                itemstatus: txn.status,
              })),
            },
          },
        };
      });
    };
    await microTxn('ISteamMicroTxn');
    await microTxn('ISteamMicroTxnSandbox');
  };

  return {
    addKey(key, appIds) {
      keys.set(key, new Set([...(keys.get(key) ?? []), ...appIds]));
    },
    issueTicket(appId, steamid, identity) {
      // Web API tickets are a couple of hundred bytes; these are random, known only to this fake.
      const ticket = randomBytes(120).toString('hex');
      tickets.set(ticket, { appId, steamid, identity });
      return ticket.toUpperCase();
    },
    authorize(appId, orderid, approved, chargeFails = false) {
      const txn = txns.get(txnKey(appId, orderid));
      if (txn?.status !== 'Init') return undefined;
      txn.status = approved ? 'Approved' : 'Failed';
      txn.chargeFails = chargeFails;
      return txn;
    },
    waiting: (steamid) => [...txns.values()].filter((txn) => txn.steamid === steamid && txn.status === 'Init'),
    txn: (appId, orderid) => txns.get(txnKey(appId, orderid)),
    refund(appId, orderid) {
      const txn = txns.get(txnKey(appId, orderid));
      if (txn?.status === 'Succeeded') txn.status = 'Refunded';
    },
    down: (value) => {
      isDown = value;
    },
    failFinalize: (value) => {
      finalizeFails = value;
    },
    routes,
  };
}
