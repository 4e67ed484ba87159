import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthToken } from '../shared/lib/auth-token';

/** Navigation state of the redirect to / for pages that need sign-in (spec §2, Profile). */
export interface SignInRedirectState {
  notice: 'profile.loginRequired';
  /** The page asked for, to return to after sign-in. */
  from: string;
}

/** Renders its children for a signed-in player; sends anyone else to / with the reason and the way back. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const token = useAuthToken();
  const location = useLocation();
  if (token) return children;
  const state: SignInRedirectState = {
    notice: 'profile.loginRequired',
    from: `${location.pathname}${location.search}`,
  };
  return <Navigate to="/" replace state={state} />;
}

/** Card payment tokens are long opaque strings; any other one-segment path is unknown. */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

export function isPaymentToken(segment: string | undefined): boolean {
  return !!segment && PAYMENT_TOKEN.test(segment);
}
