import { expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { csvField, exportEventsCsv } from './analytics-csv.js';

it('quotes CSV fields and defuses spreadsheet formulas', () => {
  expect(csvField(null)).toBe('');
  expect(csvField(1.5)).toBe('1.5');
  expect(csvField('plain')).toBe('plain');
  expect(csvField('a,b')).toBe('"a,b"');
  expect(csvField('say "hi"\n')).toBe('"say ""hi""\n"');
  expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  expect(csvField('+1')).toBe("'+1");
  expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
});

describeEachEngine('analytics CSV export', (engine) => {
  const testApp = useTestApp(engine);

  it('writes every stored event in pages, with a header', async () => {
    const { app, database } = testApp();
    const events = Array.from({ length: 5 }, (_, i) => ({
      EventId: 781965170,
      CreatedAt: TEST_START,
      I1: i,
      S1: `s,${i}`,
    }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/track',
      payload: { SessionId: 'csv', Platform: 24, BuildId: 'b1', Events: events },
    });
    expect(response.statusCode).toBe(204);
    let csv = '';
    const count = await exportEventsCsv(
      database.handle.db,
      async (chunk) => {
        csv += chunk;
      },
      { pageSize: 2 },
    );
    expect(count).toBe(5);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^id,session_id,account_id,platform,build_id,event_id,created_at,server_created_at,i1,/);
    expect(lines[0]?.split(',')).toHaveLength(47);
    const when = new Date(TEST_START).toISOString();
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 9).join(','))).toEqual(
      [0, 1, 2, 3, 4].map((i) => `csv,,24,b1,781965170,${when},${when},${i}`),
    );
    expect(lines[3]).toContain('"s,2"');
    let later = '';
    expect(
      await exportEventsCsv(
        database.handle.db,
        async (chunk) => {
          later += chunk;
        },
        { since: TEST_START + 1 },
      ),
    ).toBe(0);
    expect(later.trimEnd().split('\r\n')).toHaveLength(1);
  });
});
