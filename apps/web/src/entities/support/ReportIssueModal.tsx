import { SUPPORT_SUBJECTS } from '@fxid/contract/support-rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_EMAIL_LENGTH } from '../../shared/lib/email-address';
import { Button } from '../../shared/ui/Button';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { Notice } from '../../shared/ui/Notice';
import { type ReportIssueValues, reportIssueProblems } from './report-issue';

const FIELD_CLASS =
  'rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** Spec §5: the message area grows with its text from 4 to 8 rows. */
export function messageRows(message: string): number {
  return Math.min(8, Math.max(4, message.split('\n').length));
}

type Field = keyof ReportIssueValues;

/**
 * The report-issue modal (spec §2, §5): subject, email and message, each checked when
 * it loses focus and all of them on Send. `onSend` rejects when the message was not sent.
 */
export function ReportIssueModal({
  defaults,
  onSend,
  onClose,
}: {
  defaults: ReportIssueValues;
  onSend(values: ReportIssueValues): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(defaults);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ message: false, email: false, subject: false });
  const [state, setState] = useState<'editing' | 'sending' | 'failed' | 'sent'>('editing');
  const problems = reportIssueProblems(values);
  const problemOf = (field: Field) => (touched[field] ? problems[field] : undefined);

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    'aria-invalid': problemOf(name) ? true : undefined,
    'aria-describedby': problemOf(name) ? `${id}-${name}-problem` : undefined,
  });
  const row = (name: Field, label: string, control: ReactNode) => {
    const problem = problemOf(name);
    return (
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-${name}`} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          {label}
        </label>
        {control}
        {problem && (
          <p id={`${id}-${name}-problem`} className="text-sm text-red-700 dark:text-red-300">
            {t(problem)}
          </p>
        )}
      </div>
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ message: true, email: true, subject: true });
    if (Object.keys(problems).length > 0 || state === 'sending') return;
    setState('sending');
    onSend(values).then(
      () => setState('sent'),
      () => setState('failed'),
    );
  };

  if (state === 'sent') {
    return (
      <ModalFrame
        title={t('support.title')}
        description={t('support.sent')}
        footer={
          <Button autoFocus onClick={onClose}>
            {t('common.close')}
          </Button>
        }
      />
    );
  }
  return (
    <ModalFrame title={t('support.title')}>
      <form noValidate className="grid gap-4" onSubmit={submit} data-testid="report-issue-form">
        {row(
          'subject',
          t('support.subject'),
          <select {...field('subject')} className={`h-11 ${FIELD_CLASS}`}>
            {SUPPORT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t(`support.subjects.${subject}`)}
              </option>
            ))}
          </select>,
        )}
        {row(
          'email',
          t('support.email'),
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={MAX_EMAIL_LENGTH}
            dir="ltr"
            className={`h-11 ${FIELD_CLASS}`}
          />,
        )}
        {row(
          'message',
          t('support.message'),
          <textarea
            {...field('message')}
            rows={messageRows(values.message)}
            placeholder={t('support.messagePlaceholder')}
            className={`resize-none py-2 ${FIELD_CLASS}`}
          />,
        )}
        {state === 'failed' && <Notice tone="danger">{t('support.sendFailed')}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={state === 'sending'}>
            {t('support.send')}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
