import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import { emailProblem } from '../lib/email';
import type { LoginErrorKey } from '../lib/login-flow';

interface EmailForm {
  email: string;
}

/** enterEmail: the address, checked on every change and on submit (spec §5). */
export function EmailStep({
  email,
  error,
  onSubmit,
}: {
  email: string;
  error: LoginErrorKey | null;
  onSubmit: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<EmailForm>({
    mode: 'onChange',
    defaultValues: { email },
  });
  const problem = formState.errors.email?.message;
  const field = register('email', {
    validate: (value) => {
      const found = emailProblem(value);
      if (found === 'required') return t('auth.emailRequired');
      if (found === 'invalid') return t('auth.emailInvalid');
      return true;
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values.email.trim()))} className="grid gap-4">
      {error && <Notice tone="danger">{t(error)}</Notice>}
      <div className="grid gap-1.5">
        <label htmlFor="login-email" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          {t('auth.emailLabel')}
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          // The modal opens for this one field.
          // biome-ignore lint/a11y/noAutofocus: the modal opens for this one field
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'login-email-problem' : undefined}
          className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          {...field}
        />
        {problem && (
          <p id="login-email-problem" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
      <Button type="submit" size="lg">
        {t('auth.continue')}
      </Button>
    </form>
  );
}
