import type * as AudioModule from '@/lib/audio';

/**
 * The audio engine's code loads when it can first be of use: the player's first gesture (audio
 * cannot start before one) or a screen that plays sounds (the game frame). The landing and auth
 * pages do not load it with the page.
 */
type AudioEngine = typeof AudioModule.gameAudio;

let engine: AudioEngine | null = null;
let loading: Promise<AudioEngine> | null = null;
const listeners = new Set<() => void>();

export function loadAudio(): Promise<AudioEngine> {
  if (!loading) {
    loading = import('@/lib/audio').then(
      (module) => {
        engine = module.gameAudio;
        for (const listener of listeners) listener();
        return module.gameAudio;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}

export function loadedAudio(): AudioEngine | null {
  return engine;
}

export function subscribeAudio(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
