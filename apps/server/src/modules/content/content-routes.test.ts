import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';

describeEachEngine('content API', (engine) => {
  const testApp = useTestApp(engine);
  const post = (url: string, payload?: object) =>
    payload === undefined
      ? testApp().app.inject({ method: 'POST', url })
      : testApp().app.inject({ method: 'POST', url, payload });

  it('lists every news item newest first, localized', async () => {
    const response = await post('/api/v1/info/news', { Locale: 'ru' });
    expect(response.statusCode).toBe(200);
    const news = response.json().News;
    expect(news.map((item: { Id: string }) => item.Id)).toEqual([
      'maintenance-2026-11-25',
      'gem-garden-weekend',
      'sky-runner-1-4',
      'portal-launch',
      'old-tip',
    ]);
    expect(news[2]).toEqual({
      Id: 'sky-runner-1-4',
      CreatedAt: '2026-11-10T12:00:00.000Z',
      GameSystemName: 'sky-runner',
      Messages: [
        {
          Locale: 'ru',
          Header: 'Небесный бегун 1.4',
          Message: 'Штормовые острова, новый планер и ежедневные испытания уже в игре.',
        },
      ],
      Priority: 'Update',
      Link: '/play/sky-runner',
      Tags: ['update'],
    });
  });

  it("lists portal-wide news plus one game's news", async () => {
    const response = await post('/api/v1/info/news', { GameSystemName: 'gem-garden', Locale: 'en' });
    const ids = response.json().News.map((item: { Id: string }) => item.Id);
    expect(ids).toEqual(['maintenance-2026-11-25', 'gem-garden-weekend', 'portal-launch', 'old-tip']);
  });

  it('falls back to the default locale for a language the news is not written in', async () => {
    const response = await post('/api/v1/info/news', { Locale: 'ja' });
    expect(response.json().News[0].Messages).toEqual([
      { Locale: 'en', Header: 'Planned maintenance', Message: expect.any(String) },
    ]);
  });

  it("answers the company's FAQ in the asked language, else the default one", async () => {
    const russian = await post('/api/v1/info/faq', { Locale: 'ru' });
    expect(russian.statusCode).toBe(200);
    expect(russian.json()).toMatchObject({ Locale: 'ru', Title: 'Частые вопросы' });
    expect(russian.json().Entries[0]).toEqual({
      Question: 'Нужно ли что-то устанавливать?',
      Answer: expect.stringContaining('Все игры работают в браузере'),
    });
    const japanese = await post('/api/v1/info/faq', { Locale: 'ja' });
    expect(japanese.json()).toMatchObject({ Locale: 'en', Title: 'Frequently asked questions' });
    expect(japanese.json().Entries).toHaveLength(4);

    // A catalog without a FAQ: a clear 404, not an empty page.
    const { db } = testApp().database.handle;
    const kept = await db.selectFrom('company').select('faq_json').executeTakeFirstOrThrow();
    await db.updateTable('company').set({ faq_json: '{}' }).execute();
    const none = await post('/api/v1/info/faq', { Locale: 'en' });
    await db.updateTable('company').set(kept).execute();
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ ErrorCode: 'not_found', L10NParam: { What: 'FAQ' } });
  });

  it('refuses news without a locale with validation_failed', async () => {
    const response = await post('/api/v1/info/news', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ErrorCode: 'validation_failed', L10NKey: 'errors.validation_failed' });
  });

  it('refuses a malformed locale or an unknown field with validation_failed', async () => {
    for (const payload of [
      { Locale: 'not a locale!' },
      { Locale: 'en', Extra: 1 },
      { Locale: 'en', GameSystemName: 'Bad Name' },
    ]) {
      const response = await post('/api/v1/info/news', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().ErrorCode).toBe('validation_failed');
    }
  });

  it('answers game_not_found for news of an unknown game', async () => {
    const response = await post('/api/v1/info/news', { GameSystemName: 'no-such-game', Locale: 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ErrorCode: 'game_not_found', L10NParam: { Game: 'no-such-game' } });
  });

  it("lists a game's documents with their versions in the requested language", async () => {
    const response = await post('/api/v1/games/documents/list-with-versions', {
      GameSystemName: 'sky-runner',
      Locale: 'ru',
    });
    expect(response.statusCode).toBe(200);
    const [tos, pp] = response.json().Documents;
    expect(tos).toMatchObject({
      Id: 101,
      DocumentType: { Value: 'TOS', NeedUserAcceptance: true },
      CreatedAt: '2026-01-15T00:00:00.000Z',
      IsActive: true,
      GameSystemName: 'sky-runner',
      Region: 'All',
    });
    expect(tos.Versions).toHaveLength(1);
    expect(tos.Versions[0]).toMatchObject({
      Id: 1011,
      DocumentId: 101,
      Content: { ContentType: 'Markdown', Locale: 'ru', Locales: ['en', 'ru'] },
      Accepts: [],
    });
    expect(tos.Versions[0].Content.Value).toMatch(/^# Пользовательское соглашение/);
    expect(pp.DocumentType).toEqual({ Value: 'PP', NeedUserAcceptance: false });
  });

  it("falls back to the game's default language", async () => {
    const response = await post('/api/v1/games/documents/list-with-versions', {
      GameSystemName: 'gem-garden',
      Locale: 'de',
    });
    expect(response.json().Documents[0].Versions[0].Content).toMatchObject({ Locale: 'en' });
  });

  it('answers game_not_found for the documents of an unknown game', async () => {
    const response = await post('/api/v1/games/documents/list-with-versions', { GameSystemName: 'nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ErrorCode: 'game_not_found', status: 404 });
  });

  it('refuses a documents request without a game with validation_failed', async () => {
    for (const payload of [undefined, {}, { GameSystemName: 42 }]) {
      const response = await post('/api/v1/games/documents/list-with-versions', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().ErrorCode).toBe('validation_failed');
    }
  });
});
