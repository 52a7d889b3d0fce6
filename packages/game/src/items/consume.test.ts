import { describe, expect, it } from 'vitest';
import { storePotion } from '../content/potions.ts';
import { copper } from '../currency/copper.ts';
import type { FoodItem, PotionItem } from '../types.ts';
import { consume, type Vitals } from './consume.ts';

const vitals = (over: Partial<Vitals> = {}): Vitals => ({ currentHealth: 10, maxHealth: 30, currentMana: 5, maxMana: 20, ...over });
const health = storePotion('health', 'rare'); // Potent Health Potion, 10
const mana = storePotion('mana', 'uncommon'); // Lesser Mana Potion, 5
const elixir: PotionItem = { kind: 'potion', name: 'Elixir', tier: 'rare', target: 'both', potency: 30, description: '', price: copper(100) };
const bread: FoodItem = { kind: 'food', name: 'Bread Loaf', tier: 'common', healthRestore: 12, description: '', price: copper(18) };
const manaCake: FoodItem = { kind: 'food', name: 'Mana Cake', tier: 'uncommon', healthRestore: 0, manaRestore: 15, description: '', price: copper(30) };

describe('potions and food (spec 02 §5 items, potions, equipment; §8 potions)', () => {
  it('a mana potion on a character without mana is consumed with no effect', () => {
    const result = consume(vitals({ maxMana: 0, currentMana: 0 }), mana);
    expect(result.message).toBe("This character doesn't have mana abilities, but the potion was consumed.");
    expect(result.toast).toEqual({ title: 'No Effect', description: "This character doesn't have mana abilities" });
    expect(result.attributes).toEqual(vitals({ maxMana: 0, currentMana: 0 }));
    expect(result.manaRestored).toBe(0);
  });

  it('a health potion at full health is consumed with no effect', () => {
    const result = consume(vitals({ currentHealth: 30 }), health);
    expect(result.message).toBe("You're already at full health, but the potion was consumed.");
    expect(result.toast).toEqual({ title: 'Already at Max Health', description: 'The potion was consumed with no effect.' });
    expect(result.attributes.currentHealth).toBe(30);
    expect(result.healed).toBe(0);
  });

  it('a mana potion at full mana is consumed with no effect', () => {
    const result = consume(vitals({ currentMana: 20 }), mana);
    expect(result.message).toBe("You're already at full mana, but the potion was consumed.");
    expect(result.toast?.title).toBe('Already at Max Mana');
    expect(result.attributes.currentMana).toBe(20);
  });

  it('food at full health is eaten with no effect', () => {
    const result = consume(vitals({ currentHealth: 30 }), bread);
    expect(result.message).toBe("You're already at full health, but the Bread Loaf was eaten.");
    expect(result.toast?.title).toBe('Already at Max Health');
  });

  it('a potion for both at full health and mana is consumed with no effect', () => {
    const result = consume(vitals({ currentHealth: 30, currentMana: 20 }), elixir);
    expect(result.message).toBe("You're already at full health and mana, but the potion was consumed.");
  });

  it('restores health, capped at max health', () => {
    const result = consume(vitals({ currentHealth: 10 }), health);
    expect(result).toMatchObject({ healed: 10, manaRestored: 0, toast: null, message: 'You drink Potent Health Potion and recover 10 health.' });
    expect(result.attributes).toEqual(vitals({ currentHealth: 20 }));
    const capped = consume(vitals({ currentHealth: 26 }), health);
    expect(capped.healed).toBe(4);
    expect(capped.attributes.currentHealth).toBe(30);
    expect(capped.message).toBe('You drink Potent Health Potion and recover 4 health.');
  });

  it('caps at a higher max health when gear raises it', () => {
    const result = consume(vitals({ currentHealth: 28 }), health, { maxHealth: 45 });
    expect(result.attributes.currentHealth).toBe(38);
  });

  it('restores mana, capped at max mana', () => {
    const result = consume(vitals({ currentMana: 17 }), mana);
    expect(result).toMatchObject({ manaRestored: 3, message: 'You drink Lesser Mana Potion and recover 3 mana.' });
    expect(result.attributes.currentMana).toBe(20);
  });

  it('a potion for both restores health and mana', () => {
    const result = consume(vitals(), elixir);
    expect(result.message).toBe('You drink Elixir and recover 20 health and 15 mana.');
    expect(result.attributes).toEqual(vitals({ currentHealth: 30, currentMana: 20 }));
    const noMana = consume(vitals({ maxMana: 0, currentMana: 0 }), elixir);
    expect(noMana.message).toBe('You drink Elixir and recover 20 health.');
  });

  it('food restores its healthRestore, capped', () => {
    const result = consume(vitals({ currentHealth: 25 }), bread);
    expect(result).toMatchObject({ healed: 5, message: 'You eat Bread Loaf and recover 5 health.', toast: null });
  });

  it('mana food on a character without mana is eaten with no effect (spec 02 §8)', () => {
    const result = consume(vitals({ currentMana: 0, maxMana: 0 }), manaCake);
    expect(result).toMatchObject({ manaRestored: 0, message: "This character doesn't have mana abilities, but the Mana Cake was eaten." });
    expect(result.toast).toEqual({ title: 'No Effect', description: "This character doesn't have mana abilities" });
  });

  it('mana food at full mana is eaten with no effect', () => {
    const result = consume(vitals({ currentMana: 20 }), manaCake);
    expect(result.message).toBe("You're already at full mana, but the Mana Cake was eaten.");
    expect(result.toast?.title).toBe('Already at Max Mana');
  });

  it('the mana cake restores mana (spec 02 §9: mana cake 15), capped at max mana', () => {
    const result = consume(vitals({ currentMana: 10 }), manaCake);
    expect(result).toMatchObject({ healed: 0, manaRestored: 10, message: 'You eat Mana Cake and recover 10 mana.', toast: null });
    expect(result.attributes.currentMana).toBe(20);
  });

  it('keeps the other attributes untouched', () => {
    const full = { ...vitals(), strength: 7, attack: 2 };
    const result = consume(full, bread);
    expect(result.attributes).toEqual({ ...full, currentHealth: 22 });
  });
});
