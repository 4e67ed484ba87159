import type { ReactNode } from 'react';

/** A small status pill ("Verified", "Subscribed"). */
export function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
      {children}
    </span>
  );
}
