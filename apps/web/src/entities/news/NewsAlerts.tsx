import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../shared/config/page-config-context';
import { AlertIcon } from '../../shared/ui/icons';
import { newsText, useNews } from './news';

/** The banners' place on a full-width page such as the landing. */
const PAGE_LAYOUT = 'mx-auto max-w-6xl space-y-3 px-4 pt-6';

/**
 * Alert and Critical news as banners at the top of the page: the portal's, and those
 * of `game` when given (sent as GameSystemName). `className` places them in another layout.
 */
export function NewsAlerts({ game, className = PAGE_LAYOUT }: { game?: string; className?: string }) {
  const { i18n } = useTranslation();
  const config = usePageConfig();
  const news = useNews(i18n.resolvedLanguage ?? config.DefaultLocale, game);
  const alerts = (news.data ?? []).filter((item) => item.Priority === 'Alert' || item.Priority === 'Critical');
  if (alerts.length === 0) return null;
  return (
    <div className={className}>
      {alerts.map((item) => (
        <div
          key={item.Id}
          role="status"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <AlertIcon className="mt-0.5 shrink-0" />
          <p className="text-sm">
            <strong className="font-semibold">{newsText(item).Header}.</strong> {newsText(item).Message}
          </p>
        </div>
      ))}
    </div>
  );
}
