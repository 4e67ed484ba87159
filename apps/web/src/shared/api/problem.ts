/**
 * The error semantics of every API call (spec §8): whatever goes wrong, callers get
 * a ProblemError carrying RFC 9457 problem details.
 */
export interface ApiProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  ErrorCode?: string;
  L10NKey?: string;
  L10NParam?: Record<string, string>;
  RequestId?: string;
}

/** What a response looked like, for the error page. */
export interface ProblemSource {
  url?: string;
  statusText?: string;
  /** The response body as received. */
  body?: string;
}

/** Wording of the generated clients, kept as the `cause` of the thrown problems. */
export const RESPONSE_ERROR_MESSAGE = 'Response returned an error code';
export const FETCH_ERROR_MESSAGE = 'The request failed and the interceptors did not return an alternative response';
const BODY_EXCERPT_LENGTH = 500;

export class ProblemError extends Error {
  readonly status: number;

  constructor(
    readonly problem: ApiProblem,
    readonly source: ProblemSource = {},
    options?: ErrorOptions,
  ) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title, options);
    this.name = 'ProblemError';
    this.status = problem.status;
  }
}

/** A mandatory argument of an API method was missing. */
export class RequiredError extends Error {
  constructor(
    readonly field: string,
    method: string,
  ) {
    super(`Required parameter "${field}" was null or undefined when calling ${method}()`);
    this.name = 'RequiredError';
  }
}

/** Throws RequiredError unless the value is present. */
export function requireParam<T>(value: T | null | undefined, field: string, method: string): T {
  if (value === null || value === undefined) throw new RequiredError(field, method);
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The problem behind a non-2xx response. `body` is the parsed JSON, or the raw text
 * when the body was not JSON.
 */
export function problemFromResponse(response: Pick<Response, 'status' | 'statusText'>, body: unknown): ApiProblem {
  const httpTitle = `HTTP Error ${response.status} ${response.statusText}`.trim();
  if (!isRecord(body)) {
    const text = typeof body === 'string' ? body : '';
    return {
      type: 'about:blank',
      title: httpTitle,
      status: response.status,
      detail: text.slice(0, BODY_EXCERPT_LENGTH),
    };
  }
  return {
    ...(body as Partial<ApiProblem>),
    type: typeof body.type === 'string' ? body.type : 'about:blank',
    title: typeof body.title === 'string' ? body.title : httpTitle,
    status: typeof body.status === 'number' ? body.status : response.status,
    detail: typeof body.detail === 'string' ? body.detail : '',
  };
}

/** A problem for something thrown while calling: the network, a bug, or a non-error value. */
export function problemFromThrown(thrown: unknown): ProblemError {
  if (thrown instanceof ProblemError) return thrown;
  if (thrown instanceof TypeError) {
    // fetch rejects with a TypeError, and only when the request never got a response.
    const cause = new Error(FETCH_ERROR_MESSAGE, { cause: thrown });
    return new ProblemError(
      { type: 'about:blank', title: 'Network Error', status: 0, detail: thrown.message },
      {},
      { cause },
    );
  }
  if (thrown instanceof Error) {
    return new ProblemError(
      { type: 'about:blank', title: 'An Unexpected Error Occurred', status: 500, detail: thrown.message },
      {},
      { cause: thrown },
    );
  }
  return new ProblemError({
    type: 'about:blank',
    title: 'An Unexpected Non-Error Was Thrown',
    status: 500,
    detail: String(thrown),
  });
}
