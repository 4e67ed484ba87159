import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameLink } from '../../../entities/documents/use-game-link';
import { type NewsItem, newsText } from '../../../entities/news/news';
import { assetUrl } from '../../../shared/lib/asset-url';
import { cn } from '../../../shared/lib/cn';

const BADGES: Record<NewsItem['Priority'], string> = {
  Unspecified: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  Low: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  Update: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  Info: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200',
  News: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-200',
  Alert: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  Critical: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
};

/** One news item: image, priority badge, date, icon and header, message, link and tags. */
export function NewsCard({ item }: { item: NewsItem }) {
  const { t, i18n } = useTranslation();
  const link = useGameLink(item.Link, item.GameSystemName);
  const text = newsText(item);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' }).format(new Date(item.CreatedAt));
  const linkClass = 'mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300';
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {item.ImageUrl && (
        <img src={assetUrl(item.ImageUrl)} alt="" className="mb-4 aspect-[2/1] w-full rounded-xl object-cover" />
      )}
      <div className="flex items-center gap-2 text-xs">
        <span className={cn('rounded-full px-2.5 py-0.5 font-semibold', BADGES[item.Priority])}>
          {t(`newsPriority.${item.Priority}`)}
        </span>
        <time dateTime={item.CreatedAt} className="text-slate-600 dark:text-slate-400">
          {date}
        </time>
      </div>
      <h3 className="mt-3 flex items-center gap-2 font-bold text-slate-900 dark:text-white">
        {item.IconUrl && <img src={assetUrl(item.IconUrl)} alt="" width={24} height={24} className="h-6 w-6 rounded" />}
        {text.Header}
      </h3>
      <p className="mt-1 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{text.Message}</p>
      {link &&
        (link.startsWith('/') ? (
          <Link to={link} className={linkClass}>
            {t('landing.readMore')} →
          </Link>
        ) : (
          <a href={link} target="_blank" rel="noopener" className={linkClass}>
            {t('landing.readMore')} →
          </a>
        ))}
      {item.Tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('news.tags')}>
          {item.Tags.map((tag) => (
            <li
              key={tag}
              className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
