import { ServiceUnavailableError } from '../../../errors.js';

/**
 * Steam's partner Web API (platform-protocols.md §4a, §4b) over real HTTP: the base URL is
 * configurable (a fake of it in the simulator and the tests). The publisher key never leaves the
 * server; a Steam that does not answer, or answers what is not its JSON, fails closed (503).
 */

/** `ISteamMicroTxn/QueryTxn` `params.status` values. */
export type SteamTxnStatus =
  | 'Init'
  | 'Approved'
  | 'Succeeded'
  | 'Failed'
  | 'Refunded'
  | 'PartialRefund'
  | 'Chargedback'
  | 'RefundedSuspectedFraud'
  | 'RefundedFriendlyFraud';

export interface SteamTxn {
  orderid: string;
  transid: string;
  steamid: string;
  status: SteamTxnStatus | string;
  currency: string;
  items: { itemid: string; qty: number; amount: number }[];
}

/** Steam's `response.error` of a refused call. */
export interface SteamRefusal {
  ok: false;
  errorcode: number;
  errordesc: string;
}

export interface SteamTicketOwner {
  ok: true;
  steamid: string;
  ownersteamid: string;
  vacbanned: boolean;
  publisherbanned: boolean;
}

export interface SteamInitTxn {
  orderid: string;
  steamid: string;
  language: string;
  currency: string;
  item: { itemid: string; qty: number; amount: number; description: string };
}

export interface SteamWebApi {
  /** `GET ISteamUserAuth/AuthenticateUserTicket/v1` with the `identity` the ticket was made for. */
  authenticateUserTicket(ticketHex: string, identity: string): Promise<SteamTicketOwner | SteamRefusal>;
  /** `POST ISteamMicroTxn/InitTxn/v3` for the in-game overlay (`usersession=client`). */
  initTxn(txn: SteamInitTxn): Promise<{ ok: true; orderid: string; transid: string } | SteamRefusal>;
  /** `POST ISteamMicroTxn/FinalizeTxn/v2`: the charge, after the player approved in the overlay. */
  finalizeTxn(orderid: string): Promise<{ ok: true; orderid: string; transid: string } | SteamRefusal>;
  /** `GET ISteamMicroTxn/QueryTxn/v3` by our order id. */
  queryTxn(orderid: string): Promise<({ ok: true } & SteamTxn) | SteamRefusal>;
}

const TIMEOUT_MS = 5_000;

type SteamAnswer = { result?: unknown; params?: Record<string, unknown>; error?: Record<string, unknown> };

const refusalOf = (error: Record<string, unknown> | undefined): SteamRefusal => ({
  ok: false,
  errorcode: Number(error?.errorcode ?? 0),
  errordesc: String(error?.errordesc ?? 'unknown error'),
});

export function steamWebApi(config: { apiUrl: string; sandbox: boolean }, app: { appId: string; key: string }) {
  const microTxn = config.sandbox ? 'ISteamMicroTxnSandbox' : 'ISteamMicroTxn';
  const call = async (path: string, params: Record<string, string>, method: 'GET' | 'POST') => {
    const query = new URLSearchParams({ key: app.key, appid: app.appId, ...params });
    let response: Response;
    try {
      response =
        method === 'GET'
          ? await fetch(`${config.apiUrl}${path}?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
          : await fetch(`${config.apiUrl}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: query.toString(),
              signal: AbortSignal.timeout(TIMEOUT_MS),
            });
    } catch {
      throw new ServiceUnavailableError('Steam');
    }
    // Steam answers a wrong key with 403 and an HTML page: for us, as for an outage, fail closed.
    const body = (await response.json().catch(() => undefined)) as { response?: SteamAnswer } | undefined;
    if (!response.ok || !body?.response || typeof body.response !== 'object')
      throw new ServiceUnavailableError('Steam');
    return body.response;
  };
  /** MicroTxn answers `{ result: 'OK', params }` or `{ result: 'Failure', error }`. */
  const txnCall = async (method: string, params: Record<string, string>, verb: 'GET' | 'POST') => {
    const answer = await call(`/${microTxn}/${method}/`, params, verb);
    return answer.result === 'OK' && answer.params
      ? { ok: true as const, params: answer.params }
      : refusalOf(answer.error);
  };
  const api: SteamWebApi = {
    async authenticateUserTicket(ticketHex, identity) {
      const answer = await call('/ISteamUserAuth/AuthenticateUserTicket/v1/', { ticket: ticketHex, identity }, 'GET');
      // Some answers carry the error inside params: both places are read (platform-protocols.md §4a).
      const params = answer.params;
      if (params?.result !== 'OK') return refusalOf(answer.error ?? (params?.error as Record<string, unknown>));
      return {
        ok: true,
        steamid: String(params.steamid ?? ''),
        ownersteamid: String(params.ownersteamid ?? ''),
        vacbanned: params.vacbanned === true,
        publisherbanned: params.publisherbanned === true,
      };
    },
    async initTxn(txn) {
      const answer = await txnCall(
        'InitTxn/v3',
        {
          orderid: txn.orderid,
          steamid: txn.steamid,
          itemcount: '1',
          language: txn.language,
          currency: txn.currency,
          usersession: 'client',
          'itemid[0]': txn.item.itemid,
          'qty[0]': String(txn.item.qty),
          'amount[0]': String(txn.item.amount),
          'description[0]': txn.item.description,
        },
        'POST',
      );
      return answer.ok
        ? { ok: true, orderid: String(answer.params.orderid), transid: String(answer.params.transid) }
        : answer;
    },
    async finalizeTxn(orderid) {
      const answer = await txnCall('FinalizeTxn/v2', { orderid }, 'POST');
      return answer.ok
        ? { ok: true, orderid: String(answer.params.orderid), transid: String(answer.params.transid) }
        : answer;
    },
    async queryTxn(orderid) {
      const answer = await txnCall('QueryTxn/v3', { orderid }, 'GET');
      if (!answer.ok) return answer;
      const p = answer.params;
      const items = Array.isArray(p.items) ? (p.items as Record<string, unknown>[]) : [];
      return {
        ok: true,
        orderid: String(p.orderid ?? ''),
        transid: String(p.transid ?? ''),
        steamid: String(p.steamid ?? ''),
        status: String(p.status ?? ''),
        currency: String(p.currency ?? ''),
        items: items.map((item) => ({
          itemid: String(item.itemid ?? ''),
          qty: Number(item.qty ?? 0),
          amount: Number(item.amount ?? 0),
        })),
      };
    },
  };
  return api;
}
