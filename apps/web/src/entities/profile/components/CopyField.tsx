import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { useClipboard } from '../../../shared/ui/modals/use-clipboard';

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
    // A <dl> group holds only <dt> and <dd>: the copy button is a second <dd> of the same term.
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 py-3">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="col-start-1 flex flex-wrap items-center gap-2 font-medium break-all text-slate-900 dark:text-white">
        {value}
        {badge}
      </dd>
      <dd className="col-start-2 row-span-2 row-start-1">
        <Button
          variant="secondary"
          size="sm"
          aria-label={copyLabel}
          onClick={() => void copy(value, { showModalOnFail: true })}
        >
          {copied ? t('common.copied') : t('common.copy')}
        </Button>
      </dd>
    </div>
  );
}
