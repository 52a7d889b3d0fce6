import { PlayHub } from '@/features/characters/components/hub/PlayHub';

/** /play: the game hub (DECISIONS section 2). The adventure console joins it in a later issue. */
export function PlayPage() {
  return <PlayHub />;
}
