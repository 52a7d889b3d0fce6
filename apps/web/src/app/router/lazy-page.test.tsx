import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pageModule = { HelloPage: () => <p>hello page</p> };

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

/** Renders the page under a Suspense fallback, recording every fallback React commits. */
async function renderInSuspense(Page: ReturnType<typeof lazyPage>, seen: string[] = []) {
  function Fallback() {
    seen.push('fallback');
    return <p>loading</p>;
  }
  await act(async () => {
    render(
      <Boundary>
        <Suspense fallback={<Fallback />}>
          <Page />
        </Suspense>
      </Boundary>,
    );
  });
  return seen;
}

/** A page module whose load waits for `arrive()`. */
function gatedLoad() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return pageModule;
  });
  return { load, arrive };
}

describe('lazyPage (a page in its own chunk)', () => {
  it('a page loaded ahead (preload) renders at once: the Suspense fallback is never rendered', async () => {
    const load = vi.fn(async () => pageModule);
    const Page = lazyPage(load, 'HelloPage');
    await Page.preload();
    const seen = await renderInSuspense(Page);
    expect(screen.getByText('hello page')).toBeTruthy();
    expect(seen).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a page not loaded yet shows the fallback, then the page, and is loaded once', async () => {
    const { load, arrive } = gatedLoad();
    const Page = lazyPage(load, 'HelloPage');
    const seen = await renderInSuspense(Page);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(seen.length).toBeGreaterThan(0);
    await act(async () => {
      arrive();
      await Page.preload();
    });
    expect(await screen.findByText('hello page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load reaches the error boundary, once (no retry loop), and is tried again by the next preload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the error the boundary caught.
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(pageModule);
    const Page = lazyPage(load as () => Promise<typeof pageModule>, 'HelloPage');
    await renderInSuspense(Page);
    expect(await screen.findByText('failed: chunk gone')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(Page.preload()).resolves.toBe(pageModule.HelloPage);
    cleanup();
    const seen = await renderInSuspense(Page);
    expect(screen.getByText('hello page')).toBeTruthy();
    expect(seen).toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
