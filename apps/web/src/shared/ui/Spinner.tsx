import { useTranslation } from 'react-i18next';

/** A busy indicator with an accessible label. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600 dark:text-slate-300">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
