import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule (code kept off the first page, loaded on first use)', () => {
  it('imports once however many ask, and tells subscribers when it is asked for and when it has loaded', async () => {
    const importer = vi.fn(async () => 'engine');
    const lazy = lazyModule(importer);
    const heard = vi.fn();
    lazy.subscribe(heard);
    expect([lazy.requested(), lazy.loaded()]).toEqual([false, null]);
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect([a, b, lazy.loaded(), lazy.requested()]).toEqual(['engine', 'engine', 'engine', true]);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('tries the import again after a failure (a chunk that failed to download)', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('engine');
    const lazy = lazyModule<string>(importer);
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.loaded()).toBeNull();
    await expect(lazy.load()).resolves.toBe('engine');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
