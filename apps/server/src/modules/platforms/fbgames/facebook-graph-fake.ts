import { createServer } from 'node:http';

/**
 * A fake Graph API for Facebook Games payments (the development simulator and the tests): it lives beside the platform it fakes: what the
 * simulated Facebook charged, answered to `GET /v{N}/{payment_id}?access_token={app_id}|{app_secret}`
 * as Graph answers it (platform-protocols.md §12), or Graph's error object for a wrong token or an
 * unknown payment.
 */

export interface FakeGraphPayment {
  id: string;
  user: { id: string; name: string };
  application: { id: string; name: string };
  request_id: string;
  actions: { type: string; status: string; currency: string; amount: string; time_created: string }[];
  items: { type: 'IN_APP_PURCHASE'; product: string; quantity: number }[];
  test?: 1;
}

export interface FakeGraph {
  /** Records a payment, readable with the app's access token. */
  record(payment: FakeGraphPayment, accessToken: string): void;
  /** Adds an action (a refund, a chargeback) to a recorded payment. */
  addAction(paymentId: string, type: string): void;
  answer(paymentId: string, accessToken: string | null): { status: number; body: unknown };
}

const graphError = (status: number, message: string, code: number) => ({
  status,
  body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } },
});

export function createFakeGraph(): FakeGraph {
  const payments = new Map<string, { payment: FakeGraphPayment; accessToken: string }>();
  return {
    record: (payment, accessToken) => void payments.set(payment.id, { payment, accessToken }),
    addAction(paymentId, type) {
      const known = payments.get(paymentId);
      const charge = known?.payment.actions[0];
      if (known && charge) known.payment.actions.push({ ...charge, type, status: 'completed' });
    },
    answer(paymentId, accessToken) {
      const known = payments.get(paymentId);
      if (!accessToken || (known && known.accessToken !== accessToken)) {
        return graphError(400, 'Invalid OAuth access token.', 190);
      }
      if (!known) return graphError(400, `Unsupported get request. Object with ID '${paymentId}' does not exist`, 100);
      return { status: 200, body: known.payment };
    },
  };
}

/** The fake on a port of its own (tests): its base URL, e.g. http://127.0.0.1:PORT/v19.0. */
export async function listenFakeGraph(graph: FakeGraph): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/v\d+\.\d+\/(\d{1,32})$/.exec(url.pathname);
    const { status, body } = match?.[1]
      ? graph.answer(match[1], url.searchParams.get('access_token'))
      : graphError(404, 'Unknown path', 803);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v19.0`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
