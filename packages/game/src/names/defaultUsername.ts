import type { Rng } from '../rng.ts';

const EPITHETS = [
  'Brave',
  'Swift',
  'Silent',
  'Bold',
  'Clever',
  'Wild',
  'Lucky',
  'Iron',
  'Crimson',
  'Golden',
  'Wandering',
  'Hidden',
  'Stout',
  'Keen',
  'Storm',
  'Frost',
  'Ember',
  'Shadow',
  'Amber',
  'Azure',
  'Misty',
  'Stone',
  'Oak',
  'Silver',
] as const;
const CALLINGS = [
  'Wanderer',
  'Ranger',
  'Knight',
  'Mage',
  'Rogue',
  'Bard',
  'Druid',
  'Squire',
  'Scout',
  'Pilgrim',
  'Seeker',
  'Warden',
  'Tinker',
  'Alchemist',
  'Archer',
  'Monk',
  'Sage',
  'Nomad',
  'Smith',
  'Hunter',
  'Traveler',
  'Herald',
  'Sentinel',
  'Voyager',
] as const;

/**
 * A new player's username (issue 25; replaces spec 01 §3's "the part of the e-mail before the @",
 * which let anyone map an address to a player): an epithet, a calling and four digits, such as
 * "SwiftRanger0427", from the server's random generator. 24 x 24 x 10,000 names: the server
 * draws again on the rare clash (usernames are unique, DECISIONS §4). The player can rename.
 */
export function defaultUsername(rng: Rng): string {
  const digits = String(rng.int(0, 9999)).padStart(4, '0');
  return `${rng.pick(EPITHETS)}${rng.pick(CALLINGS)}${digits}`;
}
