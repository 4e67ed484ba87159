import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { useClipboard } from '../../../shared/ui/modals/use-clipboard';

/** Marks where the id goes inside the translated "Order {{id}}", so it can be set apart. */
const SLOT = '\u0000';

/**
 * An order id as it is (ids are case-sensitive: never upper-cased), selectable and with a
 * copy button, for support requests.
 */
export function OrderId({ id }: { id: string }) {
  const { t } = useTranslation();
  const { copy, copied } = useClipboard();
  const [before = '', after = ''] = t('store.returnOrder', { id: SLOT }).split(SLOT);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-center gap-2">
      <p data-testid="order-id" className="min-w-0 text-sm text-slate-600 dark:text-slate-300">
        {before}
        <code
          translate="no"
          className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono break-all text-slate-900 select-all dark:bg-slate-800 dark:text-slate-100"
        >
          {id}
        </code>
        {after}
      </p>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('store.copyOrderId')}
        onClick={() => void copy(id, { showModalOnFail: true })}
      >
        <span aria-live="polite">{copied ? t('common.copied') : t('common.copy')}</span>
      </Button>
    </div>
  );
}
