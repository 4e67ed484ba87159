// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../../shared/i18n/complete-messages';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { FaqContent } from './FaqContent';

afterEach(cleanup);

function renderFaq(answer: () => Response) {
  const asked: unknown[] = [];
  const fetch = vi.fn(async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/v1/info/faq');
    asked.push(await request.json());
    return answer();
  });
  renderWithApp(<FaqContent language="ru" />, { api: testApi(fetch) });
  return asked;
}

describe('the FAQ', () => {
  it("shows the catalog's questions in the asked language, each answer behind its question", async () => {
    const asked = renderFaq(() =>
      jsonResponse({
        Locale: 'ru',
        Title: 'Частые вопросы',
        Entries: [{ Question: 'Нужно ли что-то устанавливать?', Answer: 'Нет.' }],
      }),
    );
    expect((await screen.findByRole('heading')).textContent).toBe('Частые вопросы');
    expect(asked).toEqual([{ Locale: 'ru' }]);
    const question = screen.getByText('Нужно ли что-то устанавливать?');
    expect(question.tagName).toBe('SUMMARY');
    expect(question.closest('details')?.textContent).toContain('Нет.');
    expect(screen.getByRole('article').getAttribute('lang')).toBe('ru');
  });

  it('says there is none when the catalog gives no FAQ', async () => {
    renderFaq(() => jsonResponse({ type: 'about:blank', title: 'x', status: 404, ErrorCode: 'not_found' }, 404));
    // Said as information, not as an error.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.docs.notFound));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
