import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What the server's dev check accepts (anything but its failure token). */
export const DEV_CAPTCHA_TOKEN = 'dev-captcha-pass';

/**
 * The offline robot check, shown when no Turnstile site key is configured: a box to
 * tick that yields a token only the server's development check accepts.
 */
export function DevRobotCheck({ onToken, disabled }: { onToken: (token: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="rounded-xl border border-dashed border-amber-400 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3 text-base font-medium">
        <input
          id={id}
          type="checkbox"
          disabled={disabled}
          onChange={(event) => event.target.checked && onToken(DEV_CAPTCHA_TOKEN)}
          className="h-6 w-6 cursor-pointer accent-indigo-600"
        />
        {t('auth.devRobotCheck')}
      </label>
      <p className="mt-2 text-xs text-amber-900 dark:text-amber-200">{t('auth.devRobotNote')}</p>
    </div>
  );
}
