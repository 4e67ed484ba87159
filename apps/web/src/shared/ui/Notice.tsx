import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

type Tone = 'info' | 'warning' | 'danger';

const TONES: Record<Tone, string> = {
  info: 'border-indigo-200 bg-indigo-50 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100',
  danger: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200',
};

/** A banner: information, a warning, or an error (role alert). */
export function Notice({
  tone = 'info',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'info' ? 'status' : 'alert'}
      className={cn('rounded-xl border px-4 py-3 text-sm', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
