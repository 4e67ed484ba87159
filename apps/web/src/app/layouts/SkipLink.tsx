import { useTranslation } from 'react-i18next';

/** Keyboard users jump past the header; focus moves without touching the URL (hash routing uses it). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => document.getElementById('content')?.focus()}
      className="sr-only rounded-lg bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {t('common.skipToContent')}
    </button>
  );
}
