import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/audio', () => ({ playNoticeSound: vi.fn(() => 'played') }));
const { toast } = await import('sonner');
// sonner loads with the first toast (lib/toast.ts); loaded up front, the toasts are shown at once.
await (await import('@/lib/toast')).loadToaster();
const { playNoticeSound } = await import('@/lib/audio');
const { setAwayNoticesEnabled } = await import('@/lib/notices');
const { onAdventureCompletedPush } = await import('./outcome-toast');

afterEach(() => {
  setAwayNoticesEnabled(true);
  vi.clearAllMocks();
});

const push = (characterId: string, won: boolean, message: string) => ({
  type: 'adventure-completed',
  characterId,
  won,
  title: won ? 'Adventure Completed!' : 'Adventure Failed!',
  message,
});

describe('spec 02 §4 adventure return: sound and the Notifications switch', () => {
  it('victory and defeat sound differently; a level gained follows the victory with the level-up sound', () => {
    onAdventureCompletedPush(push('s1', true, 'Victory! Aria defeated the Wolf.'));
    expect(playNoticeSound).toHaveBeenLastCalledWith('victory', undefined);
    onAdventureCompletedPush(push('s2', false, 'Defeat! The Troll was too strong.'));
    expect(playNoticeSound).toHaveBeenLastCalledWith('defeat', undefined);
    onAdventureCompletedPush(push('s3', true, 'Victory! Aria defeated the Wolf. Level up! Aria is now level 3.'));
    expect(playNoticeSound).toHaveBeenLastCalledWith('victory', { name: 'levelUp', afterMs: expect.any(Number) });
  });

  it('with notifications off the toast is not shown, the sound still plays, once per outcome', () => {
    setAwayNoticesEnabled(false);
    onAdventureCompletedPush(push('s4', true, 'Victory! B'));
    onAdventureCompletedPush(push('s4', true, 'Victory! B'));
    expect(toast.success).not.toHaveBeenCalled();
    expect(playNoticeSound).toHaveBeenCalledTimes(1);
  });
});
