import type { ReactNode } from 'react';

/** The paper a document is shown on. */
export function DocumentPanel({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 pb-6">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        {children}
      </div>
    </section>
  );
}
