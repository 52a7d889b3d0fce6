import type { CredentialErrors } from './validation';

export type AuthMode = 'login' | 'signup' | 'check-email';
export type AuthRequest = 'submit' | 'verify';

export interface AuthFormState {
  mode: AuthMode;
  /** The request running now; the full-screen spinner shows while it runs without error. */
  busy: AuthRequest | null;
  error: string | null;
  /** A neutral line shown in check-email mode (e.g. why the player landed there). */
  notice: string | null;
  fieldErrors: CredentialErrors;
  codeError: string | null;
}

export type AuthFormAction =
  | { type: 'switch'; mode: 'login' | 'signup' }
  | { type: 'back-to-login' }
  | { type: 'invalid'; fieldErrors: CredentialErrors }
  | { type: 'invalid-code'; message: string }
  | { type: 'start'; request: AuthRequest }
  | { type: 'fail'; message: string }
  | { type: 'check-email'; notice: string | null }
  | { type: 'done' };

export const initialAuthFormState: AuthFormState = {
  mode: 'login',
  busy: null,
  error: null,
  notice: null,
  fieldErrors: {},
  codeError: null,
};

/** The auth form's modes and request states (spec 01 section 4, "Auth form mode"). */
export function authFormReducer(state: AuthFormState, action: AuthFormAction): AuthFormState {
  switch (action.type) {
    case 'switch':
      return { ...initialAuthFormState, mode: action.mode };
    case 'back-to-login':
      return { ...initialAuthFormState, mode: 'login' };
    case 'invalid':
      return { ...state, fieldErrors: action.fieldErrors, error: null };
    case 'invalid-code':
      return { ...state, codeError: action.message, error: null };
    case 'start':
      return { ...state, busy: action.request, error: null, fieldErrors: {}, codeError: null };
    case 'fail':
      return { ...state, busy: null, error: action.message };
    case 'check-email':
      return { ...initialAuthFormState, mode: 'check-email', notice: action.notice };
    case 'done':
      return { ...state, busy: null };
  }
}

/** Spec 01 section 2: the spinner shows while a request runs and there is no error. */
export function showsProcessing(state: AuthFormState): boolean {
  return state.busy !== null && state.error === null;
}
