import { Outlet } from 'react-router';
import { useIdle } from '../../shared/lib/use-idle';
import { SignInNotice } from './SignInNotice';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';
import { useEmbedMode } from './use-embed-mode';

/** Every other page: header, a slim brand band the content overlaps, footer. */
export function SmallHeroLayout() {
  const embedded = useEmbedMode();
  // Below the page, out of sight at start: rendered in a task of its own once the page has painted.
  const footer = useIdle();
  if (embedded) {
    return (
      <main id="content" className="min-h-dvh">
        <Outlet />
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <div
        aria-hidden
        className="h-24 bg-gradient-to-br from-indigo-600 via-indigo-500 to-sky-500 sm:h-28 dark:from-indigo-900 dark:via-indigo-800 dark:to-sky-900"
      />
      <main id="content" tabIndex={-1} className="-mt-20 flex-1 outline-none sm:-mt-24">
        <SignInNotice />
        <Outlet />
      </main>
      {footer && <SiteFooter />}
    </div>
  );
}
