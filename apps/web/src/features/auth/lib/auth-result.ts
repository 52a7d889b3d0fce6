/** The error shape better-auth answers with: `{ status, code, message }`. */
export interface AuthFailure {
  status: number;
  code: string | null;
  message: string | null;
}

export type AuthResult<T> = { ok: true; data: T } | { ok: false; error: AuthFailure };

interface RawAuthError {
  status?: number;
  code?: string;
  message?: string;
}

interface RawAuthResponse<T> {
  data: T | null;
  error: RawAuthError | null;
}

export function toAuthFailure(error: unknown): AuthFailure {
  if (typeof error === 'object' && error !== null) {
    const raw = error as RawAuthError;
    return {
      status: typeof raw.status === 'number' ? raw.status : 0,
      code: typeof raw.code === 'string' && raw.code ? raw.code : null,
      message: typeof raw.message === 'string' && raw.message ? raw.message : null,
    };
  }
  return { status: 0, code: null, message: null };
}

/**
 * Runs a better-auth client call and folds its `{ data, error }` answer, or a thrown network
 * error, into one result.
 */
export async function runAuthCall<T>(call: () => Promise<RawAuthResponse<T>>): Promise<AuthResult<T>> {
  try {
    const { data, error } = await call();
    if (error) return { ok: false, error: toAuthFailure(error) };
    return { ok: true, data: data as T };
  } catch (thrown) {
    const message = thrown instanceof Error && thrown.message !== 'Failed to fetch' ? thrown.message : null;
    return { ok: false, error: { status: 0, code: 'NETWORK_ERROR', message } };
  }
}
