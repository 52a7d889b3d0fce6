import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

afterEach(cleanup);

const pageModule = { HelloPage: () => <p>hello page</p> };

function renderInSuspense(Page: ReturnType<typeof lazyPage>) {
  render(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage (a page in its own chunk)', () => {
  it('a page loaded ahead (preload) renders at once: the Suspense fallback is never shown', async () => {
    const load = vi.fn(async () => pageModule);
    const Page = lazyPage(load, 'HelloPage');
    await Page.preload();
    renderInSuspense(Page);
    expect(screen.getByText('hello page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a page not loaded yet shows the fallback, then the page, and is loaded once', async () => {
    const load = vi.fn(async () => pageModule);
    const Page = lazyPage(load, 'HelloPage');
    renderInSuspense(Page);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      await Page.preload();
    });
    expect(await screen.findByText('hello page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
