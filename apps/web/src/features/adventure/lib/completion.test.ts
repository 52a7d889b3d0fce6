import type { CommandList } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { completeLine, suggestionsFor } from './completion';

const LEVELS = Array.from({ length: 10 }, (_, i) => String(i + 1));
const command = (name: string, args: string[][] = [], aliases: string[] = []) => ({ name, aliases, usage: `/${name}`, description: `${name} help`, args });
const LIST: CommandList = {
  groups: [
    { title: 'General', commands: [command('help', [], ['h']), command('status', [], ['s'])] },
    {
      title: 'Adventure',
      commands: [command('adventure', [['forest', 'desert', 'ice', 'volcano', 'caves'], LEVELS]), command('again'), command('forest', [LEVELS])],
    },
    { title: 'Magic', commands: [command('spell', [['fireball', 'heal', 'frostbolt', 'lightning', 'shield']])] },
    { title: 'Items', commands: [command('potion', [['health', 'mana']])] },
  ],
  note: '',
};

describe('console completion (issue 44 point 7)', () => {
  it('offers nothing for plain text, an unknown command or a free argument', () => {
    expect(suggestionsFor(LIST, 'hello')).toBeNull();
    expect(suggestionsFor(LIST, '/zzz')).toBeNull();
    expect(suggestionsFor(LIST, '/status ')).toBeNull();
    expect(suggestionsFor(undefined, '/')).toBeNull();
    expect(completeLine(LIST, 'hello')).toBeNull();
    expect(completeLine(LIST, '/potion x')).toBeNull();
    expect(completeLine(LIST, '/adventure forest 3 ')).toBeNull();
  });

  it("'/' lists every command; a prefix lists those whose name or alias starts with it", () => {
    const all = suggestionsFor(LIST, '/');
    expect(all?.kind === 'commands' && all.commands.map((c) => c.name)).toEqual(['help', 'status', 'adventure', 'again', 'forest', 'spell', 'potion']);
    const a = suggestionsFor(LIST, '/a');
    expect(a?.kind === 'commands' && a.commands.map((c) => c.name)).toEqual(['adventure', 'again']);
    const h = suggestionsFor(LIST, '/h');
    expect(h?.kind === 'commands' && h.commands.map((c) => c.name)).toEqual(['help']);
  });

  it('Tab completes a command name: one match with a space, several to what they share', () => {
    expect(completeLine(LIST, '/adv')).toBe('/adventure ');
    expect(completeLine(LIST, '/ag')).toBe('/again ');
    // 'adventure' and 'again' share no more than 'a': the first of them.
    expect(completeLine(LIST, '/a')).toBe('/adventure');
    expect(completeLine(LIST, '/sp')).toBe('/spell ');
  });

  it('Tab completes arguments: locations, then levels, spells and potions', () => {
    expect(completeLine(LIST, '/adventure v')).toBe('/adventure volcano ');
    expect(completeLine(LIST, '/adventure volcano ')).toBe('/adventure volcano 1');
    expect(completeLine(LIST, '/adventure volcano 1')).toBe('/adventure volcano 1');
    expect(completeLine(LIST, '/forest 5')).toBe('/forest 5 ');
    expect(completeLine(LIST, '/spell f')).toBe('/spell fireball');
    expect(completeLine(LIST, '/spell fireball')).toBe('/spell fireball ');
    expect(completeLine(LIST, '/spell fi')).toBe('/spell fireball ');
    expect(completeLine(LIST, '/spell fr')).toBe('/spell frostbolt ');
    expect(completeLine(LIST, '/potion m')).toBe('/potion mana ');
    const values = suggestionsFor(LIST, '/adventure ');
    expect(values?.kind === 'values' && values.values).toEqual(['forest', 'desert', 'ice', 'volcano', 'caves']);
  });
});
