import { expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { describeEachEngine } from '../test/databases.js';

interface BadRequest {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  contentType?: string;
  status: number;
  code: string;
  field?: string;
}

const json = 'application/json';

/** Malformed input to every endpoint, and the stable answer each gets. */
const BAD_REQUESTS: BadRequest[] = [
  ...['/api/v1/games/list', '/api/v1/games/list_with_configs'].flatMap((url): BadRequest[] => [
    {
      name: 'locale of the wrong type',
      method: 'POST',
      url,
      payload: '{"Locale":5}',
      status: 400,
      code: 'validation_failed',
      field: 'body.Locale',
    },
    {
      name: 'locale not a locale',
      method: 'POST',
      url,
      payload: '{"Locale":"english please"}',
      status: 400,
      code: 'validation_failed',
      field: 'body.Locale',
    },
    {
      name: 'unknown platform name',
      method: 'POST',
      url,
      payload: '{"WebPublishingPlatform":"Myspace"}',
      status: 400,
      code: 'validation_failed',
      field: 'body.WebPublishingPlatform',
    },
    {
      name: 'unknown platform number',
      method: 'POST',
      url,
      payload: '{"WebPublishingPlatform":42}',
      status: 400,
      code: 'validation_failed',
      field: 'body.WebPublishingPlatform',
    },
    {
      name: 'unknown field',
      method: 'POST',
      url,
      payload: '{"Sort":"name"}',
      status: 400,
      code: 'validation_failed',
      field: 'body',
    },
    { name: 'array body', method: 'POST', url, payload: '[]', status: 400, code: 'validation_failed', field: 'body' },
    { name: 'broken JSON', method: 'POST', url, payload: '{"Locale":', status: 400, code: 'malformed_json' },
    {
      name: 'plain text body',
      method: 'POST',
      url,
      payload: 'Locale=en',
      contentType: 'text/plain',
      status: 415,
      code: 'unsupported_media_type',
    },
    { name: 'wrong method', method: 'GET', url, status: 404, code: 'not_found' },
  ]),
  {
    name: 'game name with bad characters',
    method: 'GET',
    url: '/api/v1/public_game_config/Sky_Runner!',
    status: 400,
    code: 'validation_failed',
    field: 'params.Game',
  },
  {
    name: 'game name too long',
    method: 'GET',
    url: `/api/v1/public_game_config/${'a'.repeat(80)}`,
    status: 400,
    code: 'validation_failed',
    field: 'params.Game',
  },
  {
    name: 'unknown platform in query',
    method: 'GET',
    url: '/api/v1/public_game_config/sky-runner?WebPublishingPlatform=99',
    status: 400,
    code: 'validation_failed',
    field: 'query.WebPublishingPlatform',
  },
  {
    name: 'unknown game',
    method: 'GET',
    url: '/api/v1/public_game_config/no-such-game',
    status: 404,
    code: 'game_not_found',
  },
  {
    name: 'game not on platform',
    method: 'GET',
    url: '/api/v1/public_game_config/gem-garden?WebPublishingPlatform=CrazyGames',
    status: 404,
    code: 'game_not_on_platform',
  },
  {
    name: 'wrong method',
    method: 'POST',
    url: '/api/v1/public_game_config/sky-runner',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  { name: 'unknown API path', method: 'GET', url: '/api/v1/no/such/thing', status: 404, code: 'not_found' },
  {
    name: 'unknown API path, POST',
    method: 'POST',
    url: '/api/v2/games/list',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  { name: 'health with a body', method: 'POST', url: '/healthz', payload: '{}', status: 404, code: 'not_found' },
];

describeEachEngine('error model', (engine) => {
  const testApp = useTestApp(engine);

  it.each(BAD_REQUESTS)('$method $url: $name → $status $code', async (bad) => {
    const { app } = testApp();
    const response = await app.inject({
      method: bad.method,
      url: bad.url,
      ...(bad.payload !== undefined
        ? { payload: bad.payload, headers: { 'content-type': bad.contentType ?? json } }
        : {}),
    });
    expect(response.statusCode).toBe(bad.status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.json();
    expect(problem).toMatchObject({
      type: `urn:fxid:error:${bad.code}`,
      status: bad.status,
      ErrorCode: bad.code,
      L10NKey: `errors.${bad.code}`,
      instance: bad.url.split('?')[0],
      RequestId: response.headers['x-request-id'],
    });
    expect(typeof problem.title).toBe('string');
    expect(problem.detail.length).toBeGreaterThan(0);
    if (bad.field) {
      expect(problem.Errors.map((issue: { Field: string }) => issue.Field)).toContain(bad.field);
      expect(problem.detail).toContain(bad.field);
    }
  });
});
