import { signBank131 } from './bank131-signature.js';

/** The parts of Bank131's API objects fxid reads (platform-protocols.md §9; bank131/php-sdk DTOs). */

export interface Bank131Amount {
  /** Minor units (kopecks). */
  amount: number;
  /** Lowercase ISO 4217, as the bank writes it ('rub'). */
  currency: string;
}

export interface Bank131AcquiringPayment {
  id: string;
  status: 'succeeded' | 'in_progress' | 'pending' | 'failed';
  amount_details: Bank131Amount;
  payment_details?: { type: string; card?: { brand?: string; last4?: string } };
  recurrent_token?: string | null;
  customer_interaction?: {
    type: 'redirect' | 'inform';
    redirect?: { url: string };
    inform?: { qr?: { content: string; img?: string } };
  };
  metadata?: string | null;
  refunds?: { id: string; status: string; amount_details: Bank131Amount }[];
}

export interface Bank131Session {
  id: string;
  status: 'created' | 'in_progress' | 'accepted' | 'cancelled' | 'error';
  next_action?: 'confirm' | 'capture';
  amount_details?: Bank131Amount;
  metadata?: string | null;
  acquiring_payments?: Bank131AcquiringPayment[];
  created_at?: string;
  updated_at?: string;
}

export type Bank131NotificationType =
  | 'action_required'
  | 'ready_to_confirm'
  | 'ready_to_capture'
  | 'payment_finished'
  | 'payment_refunded';

export interface Bank131Notification {
  type: Bank131NotificationType;
  session: Bank131Session;
}

/** A Bank131 answer: status ok with its objects, or error with a code. */
interface Bank131Answer {
  status: 'ok' | 'error';
  error?: { code: string; description?: string };
  session?: Bank131Session;
  public_token?: string;
}

export class Bank131ApiError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
  ) {
    super(`Bank131 answered ${path} with ${code}`);
  }
}

export interface Bank131Client {
  /** POSTs a signed JSON request (every Bank131 call is one) and gives the ok answer. */
  call(path: string, body: object, idempotencyKey?: string): Promise<Bank131Answer>;
}

/** Requests signed as Bank131 checks them: X-PARTNER-PROJECT and X-PARTNER-SIGN over the exact body sent. */
export function bank131Client(options: {
  apiBase: string;
  projectId: string;
  privateKey: Parameters<typeof signBank131>[1];
}): Bank131Client {
  return {
    async call(path, body, idempotencyKey) {
      const text = JSON.stringify(body);
      const response = await fetch(`${options.apiBase}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-partner-project': options.projectId,
          'x-partner-sign': signBank131(text, options.privateKey),
          ...(idempotencyKey ? { 'x-partner-idempotency-key': idempotencyKey } : {}),
        },
        body: text,
        signal: AbortSignal.timeout(20_000),
      });
      const answer = (await response.json().catch(() => ({ status: 'error' }))) as Bank131Answer;
      if (!response.ok || answer.status !== 'ok') {
        throw new Bank131ApiError(path, answer.error?.code ?? `http_${response.status}`);
      }
      return answer;
    },
  };
}
