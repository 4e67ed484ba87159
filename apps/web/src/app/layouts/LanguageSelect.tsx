import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, switchLanguage } from '../../shared/i18n/language';
import { createLogger } from '../../shared/lib/logger';

const logger = createLogger('i18n');

/** The UI language picker; each language is named in itself. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const supported = (i18n.options.supportedLngs || []).filter((code) => code !== 'cimode');
  return (
    <select
      aria-label={t('header.language')}
      value={i18n.resolvedLanguage}
      onChange={(event) => void switchLanguage(i18n, event.target.value, logger)}
      className="h-9 max-w-[5.5rem] cursor-pointer truncate rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 sm:max-w-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {supported.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code] ?? code}
        </option>
      ))}
    </select>
  );
}
