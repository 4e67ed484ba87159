import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ProblemError, problemFromThrown } from '../api/problem';

/** What the error page receives in navigation state when a load fails (spec §2). */
export interface ErrorNavigationState {
  status?: number;
  statusText?: string;
  body?: string;
  url?: string;
}

export function errorStateFor(error: unknown): ErrorNavigationState {
  const problem = error instanceof ProblemError ? error : problemFromThrown(error);
  return {
    status: problem.status,
    statusText: problem.source.statusText || problem.problem.title,
    body: problem.source.body ?? JSON.stringify(problem.problem),
    ...(problem.source.url ? { url: problem.source.url } : {}),
  };
}

/** Sends the player to /error with what is known about a failed load. */
export function useNavigateToError(): (error: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => navigate('/error', { replace: true, state: errorStateFor(error) }),
    [navigate],
  );
}
