import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { apiFetch } from './api';
import { dropEarlyResponses, takeEarlyResponse } from './early-fetch';

const schema = { parse: (value: unknown) => value } as unknown as ZodType<unknown>;

function early(path: string, response: Promise<Response>, at = Date.now()) {
  window.__rpgEarly = { ...window.__rpgEarly, [path]: { at, response } };
}

afterEach(() => {
  dropEarlyResponses();
  vi.unstubAllGlobals();
});

describe('early reads started by index.html', () => {
  it('are used once, by the first read of the same path', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ from: 'network' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    early('/api/characters', Promise.resolve(new Response(JSON.stringify({ from: 'early' }), { status: 200 })));

    expect(await apiFetch('/api/characters', schema)).toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiFetch('/api/characters', schema)).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are ignored when refused, failed or stale: the path is fetched as usual', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ from: 'network' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    early('/api/characters', Promise.resolve(new Response('{}', { status: 401 })));
    expect(await apiFetch('/api/characters', schema)).toEqual({ from: 'network' });
    early('/api/characters', Promise.reject(new TypeError('offline')));
    expect(await apiFetch('/api/characters', schema)).toEqual({ from: 'network' });
    early('/api/characters', Promise.resolve(new Response('{}', { status: 200 })), Date.now() - 60_000);
    expect(await apiFetch('/api/characters', schema)).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('are dropped when the session ends', () => {
    early('/api/characters', Promise.resolve(new Response('{}')));
    dropEarlyResponses();
    expect(takeEarlyResponse('/api/characters')).toBeNull();
  });
});
