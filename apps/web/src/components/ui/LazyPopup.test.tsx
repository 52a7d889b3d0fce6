import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule } from '@/lib/lazy-module';
import { LazyPopup, type LazyPopupMount } from './LazyPopup';

afterEach(cleanup);

/** Stands for the Radix popup: shows how it was mounted, around the trigger it was given. */
function FakePopup({ trigger, defaultOpen }: LazyPopupMount) {
  return (
    <div data-testid="popup" data-open={String(defaultOpen)}>
      {trigger}
    </div>
  );
}

function setup(kind: 'menu' | 'dialog', importer = vi.fn(async () => FakePopup)) {
  const popup = lazyModule(importer);
  const keys: string[] = [];
  render(
    <LazyPopup
      popup={popup}
      kind={kind}
      trigger={
        <button type="button" onKeyDown={(event) => keys.push(event.key)}>
          Open
        </button>
      }
    >
      {(Popup, mount) => <Popup {...mount} />}
    </LazyPopup>,
  );
  return { importer, keys, trigger: () => screen.getByRole('button', { name: 'Open' }) };
}

describe('LazyPopup: a menu or dialog loaded on first use', () => {
  it('renders the trigger alone, as a closed Radix trigger, and loads nothing before it is used', () => {
    const { importer, trigger } = setup('menu');
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().getAttribute('data-state')).toBe('closed');
    expect(screen.queryByTestId('popup')).toBeNull();
    expect(importer).not.toHaveBeenCalled();
  });

  it('starts the load when pointed at, but shows the popup only once pressed', async () => {
    const { importer, trigger } = setup('dialog');
    await act(async () => {
      fireEvent.pointerEnter(trigger());
    });
    expect(importer).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('popup')).toBeNull();
    await act(async () => {
      fireEvent.click(trigger());
    });
    expect(screen.getByTestId('popup').dataset.open).toBe('true');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a dialog opens on a click that came before its code: mounted open once loaded', async () => {
    let resolve: (value: typeof FakePopup) => void = () => undefined;
    const { trigger } = setup(
      'dialog',
      vi.fn(() => new Promise<typeof FakePopup>((r) => (resolve = r))),
    );
    fireEvent.click(trigger());
    expect(screen.queryByTestId('popup')).toBeNull();
    await act(async () => resolve(FakePopup));
    expect(screen.getByTestId('popup').dataset.open).toBe('true');
  });

  it('a menu opened by a pointer press mounts open; a click does not open a menu', async () => {
    const { trigger } = setup('menu');
    await act(async () => {
      fireEvent.click(trigger());
    });
    expect(screen.queryByTestId('popup')).toBeNull();
    await act(async () => {
      fireEvent.pointerDown(trigger(), { button: 0 });
    });
    expect(screen.getByTestId('popup').dataset.open).toBe('true');
  });

  it('a menu opened from the keyboard mounts closed and gets the key again on its focused trigger', async () => {
    const { keys, trigger } = setup('menu');
    await act(async () => {
      fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    });
    expect(screen.getByTestId('popup').dataset.open).toBe('false');
    expect(keys).toEqual(['ArrowDown', 'ArrowDown']);
    expect(document.activeElement).toBe(trigger());
  });

  it('a failed load leaves the trigger in place, and the next press tries again', async () => {
    const importer = vi.fn<() => Promise<typeof FakePopup>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(FakePopup);
    const { trigger } = setup('dialog', importer);
    await act(async () => {
      fireEvent.click(trigger());
    });
    expect(screen.queryByTestId('popup')).toBeNull();
    await act(async () => {
      fireEvent.click(trigger());
    });
    expect(importer).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('popup').dataset.open).toBe('true');
  });
});
