import type { WorldChangedPush, WorldResponse } from '@rpg/contract';
import { BIOMES, conditionsEffect, conditionsLine, LOCATIONS, WEATHER_NAMES, worldAt } from '@rpg/game';
import type { PushMessage } from '../realtime/bus.ts';
import type { Settler } from '../scheduler/scheduler.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issue 42: the world at `now` as the API shows it (GET /api/world, the `world-changed` push).
 * The world's game time runs RPG_TIME_SCALE times faster, as adventure durations do, and
 * settle.ts weighs an adventure with `worldAt(startTime, timeScale)`: the same function, the
 * same scale, so what the player saw at setting out is what the fight used.
 */
export function worldView(now: number, timeScale: number): WorldResponse {
  const world = worldAt(now, timeScale);
  return {
    at: iso(world.at),
    phase: world.phase,
    phaseUntil: iso(world.phaseUntil),
    hour: world.hour,
    hourUntil: iso(world.hourUntil),
    nextChangeAt: iso(world.nextChangeAt),
    lands: BIOMES.map((id) => {
      const land = world.lands[id];
      return {
        id,
        name: LOCATIONS[id].name,
        weather: land.weather,
        weatherName: WEATHER_NAMES[land.weather],
        night: land.night,
        underground: id === 'caves',
        winChance: land.winChance,
        rewardMultiplier: land.rewardMultiplier,
        weatherUntil: iso(land.weatherUntil),
        line: conditionsLine(world, id),
        effect: conditionsEffect(land),
      };
    }),
  };
}

/** When the world next turns in anything a player sees: its conditions or its hour. */
const nextTurn = (world: { nextChangeAt: number; hourUntil: number }) => Math.min(world.nextChangeAt, world.hourUntil);

/**
 * Issue 42 "pushed live when it turns": at each `nextChangeAt` (day/night or any land's weather)
 * and each turn of the world's hour (which the play screen shows), every tab of this process that shows the world gets `world-changed` with the new world. The
 * world is a pure function of the time, so nothing is stored and nothing crosses the bus: each
 * process times its own push for its own sockets (`hereOnly`), and with several processes each
 * tab still gets the push once, from the process that holds its socket.
 */
export function worldPushSettler(hereOnly: (push: PushMessage) => void, timeScale: number, startedAt = Date.now()): Settler {
  let next = nextTurn(worldAt(startedAt, timeScale));
  return {
    name: 'world-push',
    async nextDue() {
      return new Date(next);
    },
    async settleDue(now) {
      if (now.getTime() < next) return 0;
      const world = worldView(now.getTime(), timeScale);
      next = nextTurn(worldAt(now.getTime(), timeScale));
      const push: WorldChangedPush = { type: 'world-changed', world };
      hereOnly(push);
      return 1;
    },
  };
}
