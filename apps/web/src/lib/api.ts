import type { z } from 'zod';

/** An expected failure from the game API: `{ error, message }` with a 4xx or 5xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

const FALLBACK_MESSAGE = 'An error occurred';

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    const code = typeof body.error === 'string' ? body.error : 'UNKNOWN';
    const message = typeof body.message === 'string' && body.message ? body.message : FALLBACK_MESSAGE;
    return new ApiError(response.status, code, message);
  } catch {
    return new ApiError(response.status, 'UNKNOWN', FALLBACK_MESSAGE);
  }
}

/** Calls the same-origin game API with the session cookie and parses the answer with `schema`. */
export async function apiFetch<S extends z.ZodType>(path: string, schema: S, request: ApiRequest = {}): Promise<z.infer<S>> {
  const response = await fetch(path, {
    method: request.method ?? 'GET',
    credentials: 'include',
    headers: request.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  if (!response.ok) throw await readError(response);
  return schema.parse(await response.json());
}

/** Client errors (4xx) will not succeed on a retry; anything else may. */
export function isRetryableError(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}
