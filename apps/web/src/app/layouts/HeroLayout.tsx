import { Outlet } from 'react-router';
import { useIdle } from '../../shared/lib/use-idle';
import { Hero } from './Hero';
import { SignInNotice } from './SignInNotice';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';

/** The landing's layout: header, the big hero, the page, footer. */
export function HeroLayout() {
  // Below the page, out of sight at start: rendered in a task of its own once the page has painted.
  const footer = useIdle();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="content" tabIndex={-1} className="flex-1 outline-none">
        <SignInNotice />
        <Hero />
        <Outlet />
      </main>
      {footer && <SiteFooter />}
    </div>
  );
}
