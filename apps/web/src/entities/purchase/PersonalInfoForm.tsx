import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_EMAIL_LENGTH } from '../../shared/lib/email-address';
import { Button } from '../../shared/ui/Button';
import {
  type OrderPersonalInfoBody,
  type PersonalInfoValues,
  personalInfoProblems,
  toOrderPersonalInfo,
} from './personal-info';

const INPUT_CLASS =
  'h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

export interface PersonalInfoFormProps {
  /** The prefill: the order's or the account's email. */
  defaultEmail: string | null;
  /** The order needs an email (the account has none), so an empty field is refused. */
  emailRequired: boolean;
  /** While the values are being sent: the buttons are disabled. */
  busy?: boolean;
  onSubmit(info: OrderPersonalInfoBody): void;
  /** Buttons after the confirm buttons, e.g. the modal's Cancel. */
  extraActions?: ReactNode;
}

/**
 * Email (focused) and optional phone for an order (spec store §2, §5), checked on each
 * change and on submit. Confirm sends IsAutoConfirm false; Auto-confirm sends true.
 * Used by the confirm-purchase modal and the /Store/ContinueWithPI page.
 */
export function PersonalInfoForm({ defaultEmail, emailRequired, busy, onSubmit, extraActions }: PersonalInfoFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<PersonalInfoValues>({ email: defaultEmail ?? '', phone: '' });
  // A field shows its problem once it was edited, or after a submit.
  const [shown, setShown] = useState({ email: false, phone: false });
  const problems = personalInfoProblems(values, emailRequired);
  const emailProblem = shown.email ? problems.email : undefined;
  const phoneProblem = shown.phone ? problems.phone : undefined;

  const change = (field: keyof PersonalInfoValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setShown((current) => ({ ...current, [field]: true }));
  };
  const submit = (autoConfirm: boolean) => {
    setShown({ email: true, phone: true });
    if (problems.email || problems.phone) return;
    onSubmit(toOrderPersonalInfo(values, autoConfirm));
  };

  return (
    <form
      noValidate
      className="grid gap-4 text-start"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(false);
      }}
    >
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          {t('store.personalInfo.emailLabel')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={MAX_EMAIL_LENGTH}
          required={emailRequired}
          // biome-ignore lint/a11y/noAutofocus: spec store §2: the email field is focused on opening
          autoFocus
          value={values.email}
          onChange={change('email')}
          aria-invalid={emailProblem ? true : undefined}
          aria-describedby={emailProblem ? `${id}-email-problem` : `${id}-email-hint`}
          className={INPUT_CLASS}
        />
        {emailProblem ? (
          <p id={`${id}-email-problem`} className="text-sm text-red-700 dark:text-red-300">
            {t(emailProblem)}
          </p>
        ) : (
          <p id={`${id}-email-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {t('store.personalInfo.emailHint')}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-phone`} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          {t('store.personalInfo.phoneLabel')}
        </label>
        <input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={32}
          dir="ltr"
          placeholder="+15551234567"
          value={values.phone}
          onChange={change('phone')}
          aria-invalid={phoneProblem ? true : undefined}
          aria-describedby={phoneProblem ? `${id}-phone-problem` : undefined}
          className={INPUT_CLASS}
        />
        {phoneProblem && (
          <p id={`${id}-phone-problem`} className="text-sm text-red-700 dark:text-red-300">
            {t(phoneProblem)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {extraActions}
        <Button variant="secondary" disabled={busy} onClick={() => submit(true)}>
          {t('store.personalInfo.autoConfirm')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('store.personalInfo.confirm')}
        </Button>
      </div>
    </form>
  );
}
