import { linkErrorMessage } from './auth-errors';

/** What the e-mail link left in the /auth query string (spec 01 section 4, "E-mail link handling"). */
export interface AuthLinkParams {
  verified: boolean;
  error: string | null;
  /** `type=signup` or `type=recovery`: the link arrived and is being processed. */
  linkReceived: boolean;
}

export const LINK_PARAM_KEYS = ['verified', 'error', 'error_description', 'type'] as const;

/** Reads the link parameters; null when the query holds none of them. */
export function parseAuthLinkParams(search: string): AuthLinkParams | null {
  const params = new URLSearchParams(search);
  if (!LINK_PARAM_KEYS.some((key) => params.has(key))) return null;
  const errorCode = params.get('error');
  const errorDescription = params.get('error_description');
  const hasError = Boolean(errorCode || errorDescription);
  const type = params.get('type');
  return {
    verified: !hasError && ['1', 'true'].includes(params.get('verified') ?? ''),
    error: hasError ? linkErrorMessage(errorCode, errorDescription) : null,
    linkReceived: type === 'signup' || type === 'recovery',
  };
}
