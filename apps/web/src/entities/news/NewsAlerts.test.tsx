// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, testApi } from '../../test/app-test-kit';
import { NewsAlerts } from './NewsAlerts';
import type { NewsItem } from './news';

afterEach(cleanup);

type Priority = NewsItem['Priority'];

/** One item per priority, its header naming the priority so the banners show which ones passed the filter. */
function itemsOf(priorities: Priority[]): NewsItem[] {
  return priorities.map((priority, index) => ({
    Id: `item-${index}`,
    CreatedAt: '2026-11-20T15:00:00.000Z',
    Priority: priority,
    Messages: [{ Locale: 'en', Header: `${priority} header`, Message: `${priority} message` }],
    Tags: [],
  }));
}

function renderAlerts(news: NewsItem[]) {
  return renderWithApp(<NewsAlerts />, { api: testApi(async () => jsonResponse({ News: news })) });
}

describe('the news banners', () => {
  it('show Alert and Critical items and none of the lower priorities', async () => {
    renderAlerts(itemsOf(['Unspecified', 'Low', 'Update', 'Critical', 'Info', 'News', 'Alert']));
    await screen.findAllByRole('status');
    expect(screen.getAllByRole('status').map((banner) => banner.textContent)).toEqual([
      'Critical header. Critical message',
      'Alert header. Alert message',
    ]);
  });

  it('show a lone Critical item as a banner', async () => {
    renderAlerts(itemsOf(['Critical']));
    expect((await screen.findByRole('status')).textContent).toBe('Critical header. Critical message');
  });

  it('render nothing when only lower priorities are published', async () => {
    const { queryClient, view } = renderAlerts(itemsOf(['Unspecified', 'Low', 'Update', 'Info', 'News']));
    // Empty before the answer proves nothing: wait until the news query holds the five items.
    await vi.waitFor(() => expect(queryClient.getQueryData(['news', 'en', null])).toHaveLength(5));
    expect(screen.queryByRole('status')).toBeNull();
    expect(view.container.innerHTML).toBe('');
  });
});
