import { useTranslation } from 'react-i18next';
import type { Friend } from '../api/friends';

/** One friend: their name, their status in this game and when it was set. */
export function FriendRow({ friend }: { friend: Friend }) {
  const { t, i18n } = useTranslation();
  // Statuses from other games are not shown here (spec §2: only the current game).
  const status = friend.InThisGame ? friend.Status : null;
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium' });
  return (
    <li className="flex items-baseline justify-between gap-3 py-2" data-testid="friend">
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900 dark:text-slate-100" dir="auto">
          {friend.Name || t('friends.unnamed')}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400" dir="auto">
          {status || t('friends.noStatus')}
        </p>
      </div>
      <time
        className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
        dateTime={new Date(friend.LastUpdatedAt).toISOString()}
      >
        {when.format(friend.LastUpdatedAt)}
      </time>
    </li>
  );
}
