import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioEngine, type AudioHost } from './engine';
import { SOUND_NAMES } from './effects';
import { buses, FakeAudioContext } from './fake-context';
import { busGains, sliderGain } from './volume';

function host(overrides: Partial<Omit<AudioHost, 'events'>> = {}) {
  const events = new EventTarget();
  let hidden = false;
  const visibility = new Set<() => void>();
  const h: AudioHost & { setHidden(value: boolean): void; events: EventTarget } = {
    createContext: () => new FakeAudioContext() as unknown as AudioContext,
    events,
    isHidden: () => hidden,
    onVisibilityChange(listener) {
      visibility.add(listener);
      return () => visibility.delete(listener);
    },
    hasUserActivation: () => false,
    setHidden(value) {
      hidden = value;
      for (const listener of visibility) listener();
    },
    ...overrides,
  };
  return h;
}

const lastContext = () => FakeAudioContext.created.at(-1)!;

beforeEach(() => {
  FakeAudioContext.created = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('volume math (spec 01 "Audio settings": master, music and sound effects, 0 to 100)', () => {
  it('maps a slider on a square curve: 0 silent, 50 a quarter, 100 full; out of range is clamped', () => {
    expect(sliderGain(0)).toBe(0);
    expect(sliderGain(50)).toBeCloseTo(0.25);
    expect(sliderGain(100)).toBe(1);
    expect(sliderGain(140)).toBe(1);
    expect(sliderGain(-3)).toBe(0);
    expect(sliderGain(Number.NaN)).toBe(0);
  });

  it('music and effects are each scaled by the master volume', () => {
    const gains = busGains({ master: 70, music: 50, sfx: 80 });
    expect(gains.musicOut).toBeCloseTo(0.49 * 0.25);
    expect(gains.sfxOut).toBeCloseTo(0.49 * 0.64);
    expect(busGains({ master: 0, music: 100, sfx: 100 })).toMatchObject({ musicOut: 0, sfxOut: 0 });
    expect(busGains({ master: 100, music: 0, sfx: 100 })).toMatchObject({ musicOut: 0, sfxOut: 1 });
  });
});

describe('the audio engine', () => {
  it('creates nothing before a gesture; the first pointerdown creates and resumes the context', () => {
    const h = host();
    const engine = new AudioEngine(h);
    engine.install();
    expect(engine.play('coins')).toBe('locked');
    expect(FakeAudioContext.created).toHaveLength(0);
    expect(engine.snapshot().context).toBe('none');

    h.events.dispatchEvent(new Event('pointerdown'));
    expect(FakeAudioContext.created).toHaveLength(1);
    expect(lastContext().resumed).toBe(1);
    expect(engine.snapshot().context).toBe('running');
    h.events.dispatchEvent(new Event('keydown'));
    expect(FakeAudioContext.created).toHaveLength(1);
  });

  it('puts master, music and effects gains on their buses, and changes them live', () => {
    const h = host();
    const engine = new AudioEngine(h);
    engine.setVolumes({ master: 80, music: 40, sfx: 100 });
    engine.unlock();
    const { master, music, sfx } = buses(lastContext());
    expect(master.gain.value).toBeCloseTo(0.64);
    expect(music.gain.value).toBeCloseTo(0.16);
    expect(sfx.gain.value).toBe(1);
    expect(music.outputs).toContain(master);
    expect(sfx.outputs).toContain(master);

    engine.setVolumes({ master: 50, music: 0, sfx: 20 });
    expect(master.gain.calls.at(-1)).toEqual(['setTargetAtTime', 0.25, 0, expect.any(Number)]);
    expect(music.gain.value).toBe(0);
    expect(sfx.gain.value).toBeCloseTo(0.04);
    expect(engine.snapshot().applied).toEqual({ master: 0.25, music: 0, sfx: expect.closeTo(0.04) });
  });

  it('plays every named effect on the effects bus once unlocked', () => {
    const engine = new AudioEngine(host());
    engine.unlock();
    const ctx = lastContext();
    for (const name of SOUND_NAMES) {
      const before = ctx.sources.length;
      expect(engine.play(name)).toBe('played');
      expect(ctx.sources.length).toBeGreaterThan(before);
    }
    expect(engine.snapshot().played.map((p) => p.name)).toEqual([...SOUND_NAMES]);
  });

  it('mute: effects at 0, or master at 0, make no sound at all', () => {
    const engine = new AudioEngine(host());
    engine.unlock();
    const ctx = lastContext();
    engine.setVolumes({ master: 70, music: 50, sfx: 0 });
    const before = ctx.sources.length;
    expect(engine.play('victory')).toBe('silent');
    engine.setVolumes({ master: 0, music: 50, sfx: 80 });
    expect(engine.play('victory')).toBe('silent');
    expect(ctx.sources.length).toBe(before);
  });

  it('music plays while wanted and audible, stops when muted or the tab is hidden, and comes back', () => {
    const h = host();
    const engine = new AudioEngine(h);
    engine.install();
    engine.setMusicWanted(true);
    expect(engine.snapshot().music.playing).toBe(false); // no gesture yet
    engine.unlock();
    expect(engine.snapshot().music.playing).toBe(true);
    expect(lastContext().sources.length).toBeGreaterThan(0);

    engine.setVolumes({ master: 70, music: 0, sfx: 80 });
    expect(engine.snapshot().music.playing).toBe(false);
    engine.setVolumes({ master: 70, music: 50, sfx: 80 });
    expect(engine.snapshot().music.playing).toBe(true);

    h.setHidden(true);
    expect(engine.snapshot().music.playing).toBe(false);
    h.setHidden(false);
    expect(engine.snapshot().music.playing).toBe(true);

    engine.setMusicWanted(false);
    expect(engine.snapshot().music.playing).toBe(false);
  });

  it('keeps scheduling the loop ahead as time passes', () => {
    const engine = new AudioEngine(host());
    engine.setMusicWanted(true);
    engine.unlock();
    const ctx = lastContext();
    const first = ctx.sources.length;
    ctx.currentTime = 30;
    vi.advanceTimersByTime(300);
    expect(ctx.sources.length).toBeGreaterThan(first);
  });

  it('a click handler may start audio even if the gesture listener missed the pointerdown', () => {
    const engine = new AudioEngine(host({ hasUserActivation: () => true }));
    expect(engine.play('splash')).toBe('played');
  });

  it('without Web Audio nothing throws and every request reports unsupported', () => {
    const engine = new AudioEngine(host({ createContext: () => null }));
    engine.install();
    engine.setMusicWanted(true);
    engine.unlock();
    engine.setVolumes({ master: 10, music: 10, sfx: 10 });
    expect(engine.play('error')).toBe('unsupported');
    expect(engine.snapshot()).toMatchObject({ context: 'unsupported', applied: null, music: { playing: false } });

    const throwing = new AudioEngine(
      host({
        createContext: () => {
          throw new Error('blocked');
        },
      }),
    );
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(() => throwing.unlock()).not.toThrow();
    expect(throwing.play('coins')).toBe('unsupported');
  });
});
