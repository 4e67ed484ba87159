/**
 * The few Bot API methods fxid calls (core.telegram.org/bots/api): JSON POST to
 * `{base}/bot{token}/{method}`, answered `{ ok: true, result }` or
 * `{ ok: false, error_code, description }`. The base is configurable so that tests and
 * the simulator talk to a fake Bot API speaking the same protocol.
 */

/** A Bot API refusal (`ok: false`) or a transport failure. */
export class TelegramBotApiError extends Error {
  constructor(
    readonly method: string,
    readonly errorCode: number,
    readonly description: string,
  ) {
    super(`Telegram ${method} failed: ${errorCode} ${description}`);
    this.name = 'TelegramBotApiError';
  }
}

/** Telegram gives a pre-checkout query 10 s; our calls must finish well inside that. */
const CALL_TIMEOUT_MS = 5000;

export interface InvoiceLinkRequest {
  title: string;
  description: string;
  /** Our invoice id (1–128 bytes); nothing secret. */
  payload: string;
  amount: number;
  photoUrl?: string | undefined;
}

export interface TelegramBotApi {
  createInvoiceLink(request: InvoiceLinkRequest): Promise<string>;
  answerPreCheckoutQuery(queryId: string, answer: { ok: true } | { ok: false; errorMessage: string }): Promise<void>;
  refundStarPayment(userId: number, chargeId: string): Promise<void>;
}

export function telegramBotApi(baseUrl: string, token: string): TelegramBotApi {
  const call = async <T>(method: string, params: Record<string, unknown>): Promise<T> => {
    let body: { ok?: boolean; result?: T; error_code?: number; description?: string };
    try {
      const response = await fetch(`${baseUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        redirect: 'error',
      });
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new TelegramBotApiError(method, 0, error instanceof Error ? error.message : String(error));
    }
    if (body.ok !== true) throw new TelegramBotApiError(method, body.error_code ?? 0, body.description ?? 'no answer');
    return body.result as T;
  };
  return {
    createInvoiceLink: (request) =>
      call<string>('createInvoiceLink', {
        title: request.title,
        description: request.description,
        payload: request.payload,
        // Stars: no provider token, exactly one price, whole Stars (security.md §3c).
        currency: 'XTR',
        prices: [{ label: request.title, amount: request.amount }],
        ...(request.photoUrl ? { photo_url: request.photoUrl } : {}),
      }),
    answerPreCheckoutQuery: async (queryId, answer) => {
      await call<boolean>('answerPreCheckoutQuery', {
        pre_checkout_query_id: queryId,
        ok: answer.ok,
        ...(answer.ok ? {} : { error_message: answer.errorMessage }),
      });
    },
    refundStarPayment: async (userId, chargeId) => {
      await call<boolean>('refundStarPayment', { user_id: userId, telegram_payment_charge_id: chargeId });
    },
  };
}
