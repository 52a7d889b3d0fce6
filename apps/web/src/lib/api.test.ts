import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { apiFetch, ApiError, RETRY_WAITS_S } from './api';

const schema = { parse: (value: unknown) => value } as unknown as ZodType<unknown>;
const ok = () => new Response(JSON.stringify({ done: true }), { status: 200 });
const unavailable = () =>
  new Response(JSON.stringify({ error: 'database_unavailable', message: 'The game is briefly unavailable.' }), {
    status: 503,
    headers: { 'retry-after': '2' },
  });
const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Issue 49 and issue 46, finding 12: a write carries a key per action and is sent again by itself on a 503 or a lost answer. */
describe('a request that fails for a moment', () => {
  it('is sent again after a 503 (its Retry-After) and after no answer, with the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(unavailable())
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetchMock);
    const answer = apiFetch('/api/characters/x/chips/buy', schema, { method: 'POST', body: { amount: 100 } });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + RETRY_WAITS_S[1] * 1000);
    expect(await answer).toEqual({ done: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('gets a new key per action, none on a read, and is not sent again after a refusal (nor a read: the query cache retries it)', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/a', schema, { method: 'POST', body: {} });
    await apiFetch('/api/a', schema, { method: 'POST', body: {} });
    await apiFetch('/api/a', schema);
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: 'x', message: 'No.' }), { status: 400 }));
    await expect(apiFetch('/api/a', schema, { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    fetchMock.mockResolvedValueOnce(unavailable());
    await expect(apiFetch('/api/a', schema)).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('fails with the 503 once the retries are spent', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => unavailable()),
    );
    const answer = apiFetch('/api/a', schema, { method: 'POST', body: {} }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(RETRY_WAITS_S.length * 2_000 + 10);
    expect(await answer).toMatchObject({ status: 503, code: 'database_unavailable' });
  });
});
