import { ProblemError, problemFromResponse, problemFromThrown, RESPONSE_ERROR_MESSAGE } from './problem';

/** The Authorization header of a signed-in call. */
export function bearerHeaders(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** What an openapi-fetch call resolves to. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Awaits a generated-client call and returns its data; a non-2xx status, a network
 * failure or anything thrown becomes a ProblemError (spec §8).
 */
export async function unwrap<T>(request: Promise<FetchResult<T>> | (() => Promise<FetchResult<T>>)): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await (typeof request === 'function' ? request() : request);
  } catch (thrown) {
    throw problemFromThrown(thrown);
  }
  const { data, error, response } = result;
  // Only a 2xx answer is a success.
  if (response.status >= 200 && response.status < 300) return data as T;
  const body = typeof error === 'string' ? error : JSON.stringify(error ?? '');
  throw new ProblemError(
    problemFromResponse(response, error),
    { url: response.url, statusText: response.statusText, body },
    { cause: new Error(RESPONSE_ERROR_MESSAGE) },
  );
}
