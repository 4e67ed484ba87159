import { useTranslation } from 'react-i18next';
import { useNews } from '../../../entities/news/news';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { Button } from '../../../shared/ui/Button';
import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { NewsCard } from './NewsCard';

/**
 * Every news item of the portal (and of one game, when given), alerts included, newest
 * first, in the UI language: the server picks each item's messages for it, English
 * when the item has none in that language. A modal: the spec lists no news route.
 */
export function NewsListModal({ game, onClose }: { game?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const news = useNews(i18n.resolvedLanguage ?? config.DefaultLocale, game);
  return (
    <ModalFrame
      size="lg"
      title={t('news.allTitle')}
      hideClose
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {news.isPending && <Spinner />}
      {news.isError && <Notice tone="danger">{t('landing.newsError')}</Notice>}
      {news.isSuccess && news.data.length === 0 && (
        <p className="text-slate-600 dark:text-slate-300">{t('landing.newsEmpty')}</p>
      )}
      {news.isSuccess && news.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="news-list">
          {news.data.map((item) => (
            <li key={item.Id}>
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </ModalFrame>
  );
}
