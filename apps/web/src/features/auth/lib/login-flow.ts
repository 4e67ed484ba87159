/** The views of the login modal (spec store §2). */
export type LoginView = 'enterEmail' | 'verifyTurnstile' | 'success';

export type LoginErrorKey =
  | 'auth.errors.robotCheck'
  | 'auth.errors.general'
  | 'auth.errors.rateLimited'
  | 'auth.errors.robotUnavailable'
  | 'auth.errors.popupClosed'
  | 'auth.errors.vkWidget'
  | 'auth.errors.vkVerifierMissing';

export interface LoginState {
  view: LoginView;
  email: string;
  /** Shown on the email view after a failed robot check or send. */
  error: LoginErrorKey | null;
  /** The link is being asked for. */
  sending: boolean;
}

export type LoginAction =
  | { type: 'emailAccepted'; email: string }
  | { type: 'backToEmail' }
  | { type: 'sending' }
  | { type: 'sent' }
  | { type: 'failed'; error: LoginErrorKey };

export const INITIAL_LOGIN_STATE: LoginState = { view: 'enterEmail', email: '', error: null, sending: false };

/**
 * enterEmail → verifyTurnstile once the email is valid → success once the link is
 * sent; a failed robot check or send goes back to enterEmail with the error.
 */
export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'emailAccepted':
      return { view: 'verifyTurnstile', email: action.email, error: null, sending: false };
    case 'backToEmail':
      return { ...state, view: 'enterEmail', sending: false };
    case 'sending':
      return state.view === 'verifyTurnstile' ? { ...state, sending: true } : state;
    case 'sent':
      return { ...state, view: 'success', error: null, sending: false };
    case 'failed':
      return { ...state, view: 'enterEmail', error: action.error, sending: false };
  }
}
