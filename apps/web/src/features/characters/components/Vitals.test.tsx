import type { CharacterView } from '@rpg/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Vitals } from './Vitals';

afterEach(cleanup);

const character: CharacterView = {
  id: 'c1',
  name: 'Ilsa',
  race: 'human',
  class: 'mage',
  gender: 'female',
  level: 3,
  xp: 40,
  xpToNextLevel: 3000,
  copper: 0,
  coins: { gold: 0, silver: 0, copper: 0 },
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  attributes: {
    strength: 5,
    dexterity: 5,
    intelligence: 9,
    constitution: 5,
    attack: 0,
    magicPower: 2,
    speed: 0,
    defense: 0,
    health: 10,
    currentHealth: 14,
    maxHealth: 10,
    currentMana: 7,
    maxMana: 20,
  },
  gearBonuses: { attack: 0, defense: 1, speed: 0, health: 4 },
  appearance: { hairStyle: 'short', hairColor: '#000', eyeColor: '#000', clothesStyle: 'casual', skinTone: '#fff' },
  backpack: { name: "Adventurer's Pack", tier: 'common', slots: 8, description: '' },
  skillPoints: 2,
  spentAttributePoints: {},
  availableAttributePoints: 0,
  avatarUrl: null,
  backgroundUrl: null,
};

describe('vitals on the sheet and the status card (spec 01 section 2, spec 02 section 3 gear stats)', () => {
  it('shows health against max health with gear, never above it', () => {
    render(<Vitals character={character} />);
    expect(screen.getByText('14 / 14')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Health' });
    expect(bar.getAttribute('aria-valuemax')).toBe('14');
    expect(screen.getByText('7 / 20')).toBeTruthy();
  });

  it('shows the attributes alone when no gear adds health', () => {
    render(
      <Vitals
        character={{ ...character, attributes: { ...character.attributes, currentHealth: 9 }, gearBonuses: { attack: 0, defense: 0, speed: 0, health: 0 } }}
      />,
    );
    expect(screen.getByText('9 / 10')).toBeTruthy();
  });
});
