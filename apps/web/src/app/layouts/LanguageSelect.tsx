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
      className="field-sizing-content h-9 w-auto shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white px-1.5 text-sm sm:px-2 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {supported.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code] ?? code}
        </option>
      ))}
    </select>
  );
}
