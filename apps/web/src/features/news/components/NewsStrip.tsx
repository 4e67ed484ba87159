import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNews } from '../../../entities/news/news';
import { useNotificationOptIn } from '../../../entities/push/hooks/use-notification-opt-in';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { Button } from '../../../shared/ui/Button';
import { BellIcon } from '../../../shared/ui/icons';
import { useModals } from '../../../shared/ui/modals/modal-manager';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { NewsCard } from './NewsCard';

// The full list is opened from the strip only: it loads then, with the dialog primitives.
const LazyNewsListModal = lazy(async () => ({ default: (await import('./NewsListModal')).NewsListModal }));

/** Alerts stand out above the page; the rest are the news strip. */
const BANNER_PRIORITIES = new Set(['Alert', 'Critical']);

/** The latest news as a strip of cards (a swipeable row on phones), with a notifications opt-in. */
export function NewsStrip({ game }: { game?: string }) {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const news = useNews(i18n.resolvedLanguage ?? config.DefaultLocale, game);
  const optIn = useNotificationOptIn();
  const modals = useModals();
  const openAll = () => modals.open((close) => <LazyNewsListModal {...(game ? { game } : {})} onClose={close} />);
  const items = (news.data ?? []).filter((item) => !BANNER_PRIORITIES.has(item.Priority));

  return (
    <section aria-labelledby="news-title" id="news" className="mx-auto max-w-6xl px-4 pt-14">
      <div className="mb-5 flex items-center justify-between gap-4">
        <h2 id="news-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('landing.newsTitle')}
        </h2>
        <div className="flex flex-wrap justify-end gap-2">
          {news.isSuccess && news.data.length > 0 && (
            <Button variant="ghost" size="sm" onClick={openAll}>
              {t('news.allNews')}
            </Button>
          )}
          {optIn && (
            <Button variant="secondary" size="sm" onClick={optIn}>
              <BellIcon width={16} height={16} /> {t('landing.notifyMe')}
            </Button>
          )}
        </div>
      </div>
      {news.isPending && <Spinner />}
      {news.isError && <Notice tone="danger">{t('landing.newsError')}</Notice>}
      {news.isSuccess && items.length === 0 && (
        <p className="text-slate-600 dark:text-slate-300">{t('landing.newsEmpty')}</p>
      )}
      {items.length > 0 && (
        <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-2 md:overflow-visible md:px-0 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.Id} className="w-[85%] shrink-0 snap-start sm:w-[60%] md:w-auto">
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
