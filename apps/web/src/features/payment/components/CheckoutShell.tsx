import type { InfoPageProps } from '../../../shared/ui/InfoPage';

/**
 * The payment form's frame inside the portal's checkout modal (`?embed=1`): a title line
 * and the form, with no page margins, so the whole form and its Pay button fit the modal.
 */
export function CheckoutShell({ title, badge, children, actions }: InfoPageProps) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-4 sm:px-5">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h1>
        {badge && (
          <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-200">
            {badge}
          </span>
        )}
      </div>
      <div className="text-slate-700 dark:text-slate-300">{children}</div>
      {actions && <div className="mt-4 flex flex-wrap items-center gap-3">{actions}</div>}
    </section>
  );
}
