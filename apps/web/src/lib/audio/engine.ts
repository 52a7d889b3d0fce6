import { synthesise, type SoundName } from './effects';
import { startMusic, type MusicLoop } from './music';
import { busGains, type BusGains, type Volumes } from './volume';

/** What the engine needs from the page; the browser's in `browserAudioHost`, fakes in tests. */
export interface AudioHost {
  /** A new AudioContext, or null where Web Audio is missing or refused. */
  createContext(): AudioContext | null;
  /** Where the unlocking gestures (pointerdown, keydown) are heard. */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isHidden(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  /** True inside a user gesture (a click handler), when a context may start. */
  hasUserActivation(): boolean;
}

export type PlayStatus = 'played' | 'silent' | 'locked' | 'unsupported';

export interface PlayedSound {
  name: SoundName;
  status: PlayStatus;
}

/** A read-only picture of the engine, for tests and the debugging console. */
export interface AudioSnapshot {
  /** 'none' before the first gesture, 'unsupported' without Web Audio, else the context's state. */
  context: 'none' | 'unsupported' | AudioContextState;
  volumes: Volumes;
  gains: BusGains;
  /** The gains last put on the master, music and effects buses (null before the context exists). */
  applied: { master: number; music: number; sfx: number } | null;
  music: { wanted: boolean; playing: boolean };
  /** The latest requests, newest last (at most 20). */
  played: PlayedSound[];
}

export const DEFAULT_VOLUMES: Readonly<Volumes> = { master: 70, music: 50, sfx: 80 };
const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;
const HISTORY = 20;
/** Time constant of a volume change: quick, but without a click. */
const GAIN_SMOOTHING_S = 0.03;

interface Graph {
  ctx: AudioContext;
  master: GainNode;
  music: GainNode;
  sfx: GainNode;
}

/**
 * One per tab. The graph is sources → music or effects bus → master bus → limiter → speakers;
 * the bus gains come from the saved volumes (master × channel). Nothing is created before the
 * player's first gesture, and nothing throws where Web Audio is missing.
 */
export class AudioEngine {
  private graph: Graph | null = null;
  private unsupported = false;
  private volumes: Volumes = { ...DEFAULT_VOLUMES };
  private applied: AudioSnapshot['applied'] = null;
  private musicWanted = false;
  private music: MusicLoop | null = null;
  private played: PlayedSound[] = [];
  private uninstall: (() => void) | null = null;

  constructor(private readonly host: AudioHost) {}

  /** Listens for the gestures that may start audio, and for the tab being hidden. Idempotent. */
  install(): () => void {
    if (!this.uninstall) {
      const onGesture = () => this.unlock();
      for (const type of GESTURES) this.host.events.addEventListener(type, onGesture, { capture: true, passive: true });
      const offVisibility = this.host.onVisibilityChange(() => this.syncMusic());
      this.uninstall = () => {
        for (const type of GESTURES) this.host.events.removeEventListener(type, onGesture, { capture: true });
        offVisibility();
        this.uninstall = null;
      };
    }
    return () => this.uninstall?.();
  }

  /** Creates or resumes the context; call only from a user gesture. */
  unlock(): void {
    const graph = this.ensureGraph();
    if (!graph) return;
    if (graph.ctx.state === 'suspended') graph.ctx.resume().catch((error: unknown) => console.info('Audio not resumed:', error));
    this.syncMusic();
  }

  setVolumes(volumes: Volumes): void {
    this.volumes = { ...volumes };
    this.applyGains();
    this.syncMusic();
  }

  /** Music on the game screens: wanted while one is shown; it plays once audio is unlocked. */
  setMusicWanted(wanted: boolean): void {
    this.musicWanted = wanted;
    this.syncMusic();
  }

  play(name: SoundName): PlayStatus {
    if (!this.graph && !this.unsupported && this.host.hasUserActivation()) this.unlock();
    const status = this.schedule(name);
    this.played = [...this.played, { name, status }].slice(-HISTORY);
    return status;
  }

  snapshot(): AudioSnapshot {
    return {
      context: this.unsupported ? 'unsupported' : (this.graph?.ctx.state ?? 'none'),
      volumes: { ...this.volumes },
      gains: busGains(this.volumes),
      applied: this.applied ? { ...this.applied } : null,
      music: { wanted: this.musicWanted, playing: this.music !== null },
      played: this.played.map((entry) => ({ ...entry })),
    };
  }

  private schedule(name: SoundName): PlayStatus {
    if (this.unsupported) return 'unsupported';
    const graph = this.graph;
    if (!graph) return 'locked';
    if (busGains(this.volumes).sfxOut === 0) return 'silent';
    try {
      synthesise(graph.ctx, graph.sfx, name, graph.ctx.currentTime + 0.01);
      return 'played';
    } catch (error) {
      console.info(`Sound ${name} not played:`, error);
      return 'unsupported';
    }
  }

  private ensureGraph(): Graph | null {
    if (this.graph || this.unsupported) return this.graph;
    let ctx: AudioContext | null = null;
    try {
      ctx = this.host.createContext();
    } catch (error) {
      console.info('Web Audio unavailable:', error);
    }
    if (!ctx) {
      this.unsupported = true;
      return null;
    }
    const master = ctx.createGain();
    const music = ctx.createGain();
    const sfx = ctx.createGain();
    // A gentle limiter so that music and several effects together never clip.
    const limiter = ctx.createDynamicsCompressor();
    limiter.threshold.value = -10;
    limiter.ratio.value = 12;
    music.connect(master);
    sfx.connect(master);
    master.connect(limiter);
    limiter.connect(ctx.destination);
    this.graph = { ctx, master, music, sfx };
    this.applyGains(true);
    return this.graph;
  }

  private applyGains(immediate = false): void {
    const graph = this.graph;
    if (!graph) return;
    const gains = busGains(this.volumes);
    const now = graph.ctx.currentTime;
    for (const bus of ['master', 'music', 'sfx'] as const) {
      const param = graph[bus].gain;
      param.cancelScheduledValues(now);
      if (immediate) param.setValueAtTime(gains[bus], now);
      else param.setTargetAtTime(gains[bus], now, GAIN_SMOOTHING_S);
    }
    this.applied = { master: gains.master, music: gains.music, sfx: gains.sfx };
  }

  /** Plays the loop when wanted, unlocked, audible and the tab is in view; else lets it fade. */
  private syncMusic(): void {
    const graph = this.graph;
    const shouldPlay = Boolean(graph) && this.musicWanted && !this.host.isHidden() && busGains(this.volumes).musicOut > 0;
    if (shouldPlay && !this.music && graph) {
      try {
        this.music = startMusic(graph.ctx, graph.music);
      } catch (error) {
        console.info('Music not started:', error);
      }
    } else if (!shouldPlay && this.music) {
      this.music.stop(this.host.isHidden() ? 0.4 : 1.2);
      this.music = null;
    }
  }
}

type WebkitWindow = Window & { webkitAudioContext?: typeof AudioContext };

/** The page's AudioContext (webkit-prefixed on old Safari); null where there is none. */
export const browserAudioHost: AudioHost = {
  createContext() {
    if (typeof window === 'undefined') return null;
    const Context = window.AudioContext ?? (window as WebkitWindow).webkitAudioContext;
    return Context ? new Context({ latencyHint: 'interactive' }) : null;
  },
  events: typeof window === 'undefined' ? new EventTarget() : window,
  isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onVisibilityChange(listener) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  hasUserActivation: () => typeof navigator !== 'undefined' && navigator.userActivation?.isActive === true,
};
