import { describe, expect, it } from 'vitest';
import { unwrap } from './call';
import {
  FETCH_ERROR_MESSAGE,
  ProblemError,
  problemFromResponse,
  problemFromThrown,
  RESPONSE_ERROR_MESSAGE,
  RequiredError,
  requireParam,
} from './problem';

const respond = (status: number, statusText = '') => new Response(null, { status, statusText });

async function rejection(promise: Promise<unknown>): Promise<ProblemError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProblemError)) throw new Error(`expected a ProblemError, got ${String(error)}`);
  return error;
}

describe('API error semantics', () => {
  it('returns the data of a 2xx answer', async () => {
    await expect(unwrap(Promise.resolve({ data: { ok: 1 }, response: respond(200) }))).resolves.toEqual({ ok: 1 });
  });

  it('throws the problem details of a non-2xx JSON answer', async () => {
    const problem = {
      type: 'urn:fxid:error:game_not_found',
      title: 'Game not found',
      status: 404,
      detail: 'No game is called "x"',
      ErrorCode: 'game_not_found',
      L10NKey: 'errors.game_not_found',
      L10NParam: { Game: 'x' },
      RequestId: 'r1',
    };
    const error = await rejection(unwrap(Promise.resolve({ error: problem, response: respond(404, 'Not Found') })));
    expect(error.problem).toMatchObject(problem);
    expect(error.status).toBe(404);
    expect(error.source).toMatchObject({ statusText: 'Not Found', body: JSON.stringify(problem) });
    expect((error.cause as Error).message).toBe(RESPONSE_ERROR_MESSAGE);
  });

  it('counts a 3xx answer as a failure', async () => {
    const error = await rejection(unwrap(Promise.resolve({ error: '', response: respond(304) })));
    expect(error.status).toBe(304);
  });

  it('titles a non-JSON body "HTTP Error {status} {text}" with the first 500 characters as detail', () => {
    const body = `<html>${'x'.repeat(600)}</html>`;
    const problem = problemFromResponse({ status: 502, statusText: 'Bad Gateway' }, body);
    expect(problem.title).toBe('HTTP Error 502 Bad Gateway');
    expect(problem.status).toBe(502);
    expect(problem.detail).toBe(body.slice(0, 500));
    expect(problem.detail).toHaveLength(500);
  });

  it('fills what a JSON error body lacks from the response', () => {
    expect(
      problemFromResponse({ status: 500, statusText: 'Internal Server Error' }, { message: 'boom' }),
    ).toMatchObject({
      title: 'HTTP Error 500 Internal Server Error',
      status: 500,
      detail: '',
    });
  });

  it('reports a network failure as "Network Error" with status 0', async () => {
    const error = await rejection(unwrap(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(error.problem).toMatchObject({ title: 'Network Error', status: 0 });
    expect((error.cause as Error).message).toBe(FETCH_ERROR_MESSAGE);
  });

  it('reports other errors as "An Unexpected Error Occurred" with status 500', () => {
    expect(problemFromThrown(new RangeError('bad')).problem).toMatchObject({
      title: 'An Unexpected Error Occurred',
      status: 500,
      detail: 'bad',
    });
  });

  it('reports a thrown non-error as "An Unexpected Non-Error Was Thrown" with status 500', async () => {
    const error = await rejection(unwrap(() => Promise.reject('just a string')));
    expect(error.problem).toMatchObject({ title: 'An Unexpected Non-Error Was Thrown', status: 500 });
  });

  it('names the missing parameter and the method', () => {
    expect(() => requireParam(undefined, 'game', 'getPublicGameConfig')).toThrow(
      new RequiredError('game', 'getPublicGameConfig'),
    );
    expect(() => requireParam(null, 'sku', 'buyProduct')).toThrow(
      'Required parameter "sku" was null or undefined when calling buyProduct()',
    );
    expect(requireParam('x', 'game', 'm')).toBe('x');
  });
});
