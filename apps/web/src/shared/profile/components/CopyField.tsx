import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClipboard } from '../../modals/use-clipboard';
import { Button } from '../../ui/Button';

/** One labelled value of the profile with a copy button ("Copied!" for 1.5 s; by hand if the clipboard refuses). */
export function CopyField({
  label,
  value,
  copyLabel,
  badge,
}: {
  label: string;
  value: string;
  copyLabel: string;
  badge?: ReactNode;
}) {
  const { t } = useTranslation();
  const { copy, copied } = useClipboard();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium break-all text-slate-900 dark:text-white">
          {value}
          {badge}
        </dd>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={copyLabel}
        onClick={() => void copy(value, { showModalOnFail: true })}
      >
        {copied ? t('common.copied') : t('common.copy')}
      </Button>
    </div>
  );
}
