import { describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const { toast } = await import('sonner');
// sonner loads with the first toast (lib/toast.ts); loaded up front, the toasts are shown at once.
await (await import('@/lib/toast')).loadToaster();
const { announceAdventureOutcome, onAdventureCompletedPush } = await import('./outcome-toast');

describe("spec 02 §4 completion toast 'Adventure Completed!' / 'Adventure Failed!' with the result message", () => {
  it('ignores pushes that are not a completion', () => {
    onAdventureCompletedPush({ type: 'adventure-completed', characterId: 'c0' });
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a win as a success and a loss as an error, with the message', () => {
    onAdventureCompletedPush({ type: 'adventure-completed', characterId: 'c1', won: true, title: 'Adventure Completed!', message: 'Victory! A' });
    expect(toast.success).toHaveBeenCalledWith('Adventure Completed!', expect.objectContaining({ description: 'Victory! A' }));
    onAdventureCompletedPush({ type: 'adventure-completed', characterId: 'c1', won: false, title: 'Adventure Failed!', message: 'Defeat! B' });
    expect(toast.error).toHaveBeenCalledWith('Adventure Failed!', expect.objectContaining({ description: 'Defeat! B' }));
  });

  it('shows one outcome once when both the push and the countdown read bring it', () => {
    const notice = { characterId: 'c2', won: true, title: 'Adventure Completed!', message: 'Victory! C' };
    expect(announceAdventureOutcome(notice, 1_000)).toBe(true);
    expect(announceAdventureOutcome(notice, 4_000)).toBe(false);
    expect(announceAdventureOutcome({ ...notice, characterId: 'c3' }, 4_000)).toBe(true);
    expect(announceAdventureOutcome(notice, 12_000)).toBe(true);
  });
});
