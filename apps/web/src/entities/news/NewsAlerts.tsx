import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../shared/config/page-config-context';
import { cn } from '../../shared/lib/cn';
import { AlertIcon } from '../../shared/ui/icons';
import { newsText, useNews } from './news';

/** The banners' place on a full-width page such as the landing. */
const PAGE_LAYOUT = 'mx-auto max-w-6xl space-y-3 px-4 pt-6';

/**
 * Alert and Critical news as banners at the top of the page: the portal's, and those
 * of `game` when given (sent as GameSystemName). `className` places them in another layout;
 * `compact` banners take less height, for the player, where every line is taken from the game.
 */
export function NewsAlerts({
  game,
  className = PAGE_LAYOUT,
  compact = false,
}: {
  game?: string;
  className?: string;
  compact?: boolean;
}) {
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
          className={cn(
            'flex rounded-xl border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/50 dark:text-amber-100',
            compact ? 'gap-2 px-3 py-1.5' : 'gap-3 px-4 py-3',
          )}
        >
          <AlertIcon className="mt-0.5 shrink-0" {...(compact && { width: 16, height: 16 })} />
          <p className="text-sm">
            <strong className="font-semibold">{newsText(item).Header}.</strong> {newsText(item).Message}
          </p>
        </div>
      ))}
    </div>
  );
}
