import type { ReactNode } from 'react';

export interface InfoPageProps {
  title: string;
  /** A short badge above the title, e.g. "Coming soon". */
  badge?: string;
  icon?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred page with a title, a text and actions: the shape of every simple screen. */
export function InfoPage({ title, badge, icon, children, actions }: InfoPageProps) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        {icon && <div className="mx-auto mb-5 flex justify-center text-indigo-600 dark:text-indigo-400">{icon}</div>}
        {badge && (
          <p className="mb-3 inline-block rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold tracking-wide text-indigo-800 uppercase dark:bg-indigo-900/60 dark:text-indigo-200">
            {badge}
          </p>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        {children && (
          <div className="mt-4 text-base leading-relaxed text-pretty text-slate-600 dark:text-slate-300">
            {children}
          </div>
        )}
        {actions && <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>}
      </div>
    </section>
  );
}
