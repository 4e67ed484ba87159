import { ServiceUnavailableError } from '../../../errors.js';

const TIMEOUT_MS = 10_000;

/**
 * One call to an OAuth 2.0 server (RFC 6749 §3.2: a form POST, a JSON answer): the JSON body
 * and the status, whatever it is (each caller reads its vendor's error shape); a network
 * failure or a body that is not JSON is the vendor being unavailable, never the player's fault.
 */
export async function oauthCall(
  fetchImpl: typeof fetch,
  service: string,
  url: string,
  init: { form?: Record<string, string>; headers?: Record<string, string> },
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: init.form ? 'POST' : 'GET',
      headers: {
        accept: 'application/json',
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw new ServiceUnavailableError(service);
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') throw new ServiceUnavailableError(service);
  return { status: response.status, body };
}
