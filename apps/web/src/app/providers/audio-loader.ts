import type * as AudioModule from '@/lib/audio';
import { lazyModule } from '@/lib/lazy-module';

/**
 * The audio engine's code loads when it can first be of use: the player's first gesture (audio
 * cannot start before one) or a screen that plays sounds (the game frame). The landing and auth
 * pages do not load it with the page.
 */
type AudioEngine = typeof AudioModule.gameAudio;

const engine = lazyModule(() => import('@/lib/audio').then((module) => module.gameAudio));

export function loadAudio(): Promise<AudioEngine> {
  return engine.load();
}

export function loadedAudio(): AudioEngine | null {
  return engine.loaded();
}

export function subscribeAudio(listener: () => void): () => void {
  return engine.subscribe(listener);
}
