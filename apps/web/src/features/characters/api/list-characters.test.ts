import { queryKeys } from '@rpg/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyResponses, takeEarlyResponse } from '@/lib/early-fetch';
import { primeCharacters } from './list-characters';

function early(response: Promise<Response>, at = Date.now()) {
  window.__rpgEarly = { '/api/characters': { at, response } };
}

afterEach(() => {
  dropEarlyResponses();
  vi.unstubAllGlobals();
});

describe('the character list index.html read early, primed into the query cache', () => {
  it('fills the cache from a 2xx early answer, with no request of its own, and uses that answer once', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ characters: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    early(Promise.resolve(new Response(JSON.stringify({ characters: [] }), { status: 200 })));
    const client = new QueryClient();

    await primeCharacters(client);

    expect(client.getQueryData(queryKeys.characters)).toEqual({ characters: [] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyResponse('/api/characters')).toBeNull();
  });

  it('does nothing without an early read, or with a refused, failed or stale one: the list is read as before', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();

    await primeCharacters(client);
    early(Promise.resolve(new Response('{}', { status: 401 })));
    await primeCharacters(client);
    early(Promise.reject(new TypeError('offline')));
    await primeCharacters(client);
    early(Promise.resolve(new Response(JSON.stringify({ characters: [] }), { status: 200 })), Date.now() - 60_000);
    await primeCharacters(client);

    expect(client.getQueryState(queryKeys.characters)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
