import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/Spinner';
import { DevRobotCheck } from './DevRobotCheck';
import { TurnstileWidget } from './TurnstileWidget';

/** verifyTurnstile: the robot check (Turnstile with a site key, else the offline check) and a way back. */
export function RobotCheckStep({
  email,
  siteKey,
  sending,
  onToken,
  onFailure,
  onBack,
}: {
  email: string;
  siteKey: string | undefined;
  sending: boolean;
  onToken: (token: string) => void;
  onFailure: (reason: 'failed' | 'unavailable') => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-4">
      <p className="text-slate-700 dark:text-slate-200">{t('auth.robotHint', { email })}</p>
      {siteKey ? (
        <TurnstileWidget
          siteKey={siteKey}
          language={i18n.resolvedLanguage ?? 'en'}
          onToken={onToken}
          onFailure={onFailure}
        />
      ) : (
        <DevRobotCheck onToken={onToken} disabled={sending} />
      )}
      {sending && <Spinner label={t('auth.sending')} />}
      <button
        type="button"
        onClick={onBack}
        disabled={sending}
        className="justify-self-start rounded text-sm font-medium text-indigo-700 underline-offset-4 hover:underline disabled:opacity-50 dark:text-indigo-300"
      >
        {t('auth.backToEmail')}
      </button>
    </div>
  );
}
