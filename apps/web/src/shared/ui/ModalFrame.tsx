import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { CloseIcon } from './icons';

export type ModalSize = 'sm' | 'md' | 'lg' | 'full';

const SIZES: Record<ModalSize, string> = {
  sm: 'w-[min(26rem,calc(100vw-2rem))] max-h-[85vh]',
  md: 'w-[min(34rem,calc(100vw-2rem))] max-h-[85vh]',
  lg: 'w-[min(60rem,calc(100vw-2rem))] max-h-[92vh]',
  full: 'h-dvh w-screen max-h-none rounded-none',
};

export interface ModalFrameProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  /** Extra buttons beside the close button in the title bar. */
  headerActions?: ReactNode;
  /** Hides the title bar's close button (Escape still closes). */
  hideClose?: boolean;
  /** False for a modal the player must answer: no close button, Escape and clicks outside do nothing. */
  dismissible?: boolean;
  /** No padding around the content: for a frame that should use the whole panel (the checkout). */
  flush?: boolean;
}

/** The look of every modal: overlay, panel, title bar with a close button. Rendered inside a Dialog.Root. */
export function ModalFrame({
  title,
  description,
  children,
  footer,
  size = 'md',
  headerActions,
  hideClose = false,
  dismissible = true,
  flush = false,
}: ModalFrameProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-[2px]" />
      <Dialog.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...(dismissible
          ? {}
          : {
              onEscapeKeyDown: (event: Event) => event.preventDefault(),
              onPointerDownOutside: (event: Event) => event.preventDefault(),
              onInteractOutside: (event: Event) => event.preventDefault(),
            })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl',
          'border border-slate-200 bg-white text-slate-900 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          SIZES[size],
        )}
      >
        <div className="flex items-center gap-2 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
          <Dialog.Title className="min-w-0 flex-1 truncate text-lg font-semibold">{title}</Dialog.Title>
          {headerActions}
          {!hideClose && dismissible && (
            <Dialog.Close
              aria-label={t('common.close')}
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <CloseIcon />
            </Dialog.Close>
          )}
        </div>
        <div className={cn('min-h-0 flex-1 overflow-auto', !flush && 'px-5 py-4')}>
          {description && (
            <Dialog.Description className="text-slate-600 dark:text-slate-300">{description}</Dialog.Description>
          )}
          {children}
        </div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
            {footer}
          </div>
        )}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
