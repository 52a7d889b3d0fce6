import { describe, expect, it } from 'vitest';
import { alreadyOnAdventure } from './adventure/start.ts';
import { accountNotFound, profileNotFound } from './account/account.ts';
import { checkTimeZone } from './achievements/localHour.ts';
import { characterNotFound, checkCharacterEdit, consoleCharacterNotFound, noCharacterSelected } from './character/edit.ts';
import { nothingToCollect } from './crafting/completeCraft.ts';
import { notAScroll, scrollNotFound } from './crafting/readScroll.ts';
import { ruleErrorOf } from './errors.testutil.ts';
import { giftRefused, GIFT_TEXT } from './gifts/gift.ts';
import { itemNotFound } from './items/equip.ts';
import { noPotionFound } from './items/potionChoice.ts';
import { checkNoHandInProgress, HAND_IN_PROGRESS } from './poker/start.ts';
import { checkImageQuota, imageNotFound, POST_IMAGE_QUOTA_BYTES, postNotFound, userNotFound } from './social/posts.ts';

/**
 * Refusals the server used to write itself (issue 26: every refusal a player reads is a RuleError
 * of the rules package): each keeps the code, text, title and status it answered with.
 */
describe('refusals the server raises', () => {
  it('spec 01 §5 (docs/decisions/characters.md): an edit naming race or class is refused; other bodies pass', () => {
    for (const body of [{ race: 'elf' }, { class: 'mage', name: 'Brom' }, { race: undefined }]) {
      expect({ ...ruleErrorOf(() => checkCharacterEdit(body)) }).toMatchObject({ code: 'race_class_fixed', status: 400, title: 'Cannot Change Race or Class' });
      expect(ruleErrorOf(() => checkCharacterEdit(body)).message).toBe('Race and class are chosen at creation and cannot be changed.');
    }
    for (const body of [{ name: 'Brom' }, {}, null, 'race', 7]) expect(() => checkCharacterEdit(body)).not.toThrow();
  });

  it("spec 02 §8 'Chat': the console's character gone, and /potion with none left", () => {
    expect(consoleCharacterNotFound()).toMatchObject({ code: 'character_not_found', message: 'Error: Character not found.', status: 400, title: undefined });
    expect(noPotionFound('health')).toMatchObject({ code: 'potion_not_found', message: 'No health potion found in your inventory.', status: 400 });
    expect(noPotionFound('mana').message).toBe('No mana potion found in your inventory.');
  });

  it("spec 03 §8: 'No Character Selected'", () => {
    expect(noCharacterSelected()).toMatchObject({
      code: 'no_active_character',
      message: 'Please create or select a character first.',
      title: 'No Character Selected',
      status: 409,
    });
  });

  it("spec 02 §8: 'Item Not Found' and 'Already on adventure'", () => {
    expect(itemNotFound()).toMatchObject({ code: 'item_not_found', message: 'This item is not in your inventory', title: 'Item Not Found', status: 404 });
    expect(alreadyOnAdventure()).toMatchObject({
      code: 'already_on_adventure',
      message: 'Character is already on an adventure.',
      title: 'Already on adventure',
      status: 409,
    });
  });

  it('spec 02 §5 crafting: nothing to collect, a scroll not there, an item that is no scroll', () => {
    expect(nothingToCollect()).toMatchObject({ code: 'not_crafting', message: "You're not crafting anything.", status: 409 });
    expect(scrollNotFound()).toMatchObject({ code: 'scroll_not_found', message: 'Scroll not found in inventory.', status: 404 });
    expect(notAScroll()).toMatchObject({ code: 'not_a_scroll', message: 'This item cannot be used.', status: 400 });
  });

  it('spec 02 §4 /poker: refused while a hand is active (docs/decisions/casino-poker.md)', () => {
    expect(ruleErrorOf(() => checkNoHandInProgress({ isActive: true }))).toMatchObject({ code: 'poker_in_progress', message: HAND_IN_PROGRESS, status: 409 });
    expect(() => checkNoHandInProgress({ isActive: false })).not.toThrow();
    expect(() => checkNoHandInProgress(undefined)).not.toThrow();
  });

  it('DECISIONS §4 gifts: what the transfer finds, each with its status', () => {
    expect(giftRefused('noReceiver')).toMatchObject({ code: 'gift_no_receiver', message: GIFT_TEXT.noCharacter, title: 'Gift Not Sent', status: 409 });
    expect(giftRefused('duplicate')).toMatchObject({ code: 'gift_duplicate', message: GIFT_TEXT.duplicate, status: 409 });
    expect(giftRefused('notEnoughCopper')).toMatchObject({ code: 'gift_not_enough_copper', message: GIFT_TEXT.notEnoughCopper, status: 400 });
    expect(giftRefused('full')).toMatchObject({ code: 'gift_backpack_full', message: GIFT_TEXT.full, status: 409 });
  });

  it('spec 03 §5 posts: a post, a player or an image not there; the image quota', () => {
    expect(postNotFound()).toMatchObject({ code: 'post_not_found', message: 'Post not found', status: 404 });
    expect(userNotFound()).toMatchObject({ code: 'user_not_found', message: 'User not found', status: 404 });
    expect(imageNotFound()).toMatchObject({ code: 'image_not_found', message: 'The image was not found. Please upload it again.', status: 400 });
    expect(() => checkImageQuota(POST_IMAGE_QUOTA_BYTES - 10, 10)).not.toThrow();
    expect(ruleErrorOf(() => checkImageQuota(POST_IMAGE_QUOTA_BYTES - 10, 11))).toMatchObject({
      code: 'image_quota',
      message: 'Your post images use all of your 50 MB. Delete a post with an image to upload another.',
      status: 409,
    });
  });

  it("spec 01: a character missing or someone else's answers 404 'Character not found' (issue 47: was the server's HttpError)", () => {
    expect({ ...characterNotFound() }).toMatchObject({ code: 'not_found', status: 404, title: undefined });
    expect(characterNotFound().message).toBe('Character not found');
  });

  it("a signed-in account's profile or account not there: 404, the server's old texts", () => {
    expect(profileNotFound()).toMatchObject({ code: 'not_found', message: 'Profile not found', status: 404, title: undefined });
    expect(accountNotFound()).toMatchObject({ code: 'not_found', message: 'Account not found', status: 404, title: undefined });
  });

  it("DECISIONS §4: a time zone the clock does not know is refused 'Unknown time zone.'; a known one passes", () => {
    expect(ruleErrorOf(() => checkTimeZone('Mars/Olympus'))).toMatchObject({
      code: 'invalid_time_zone',
      message: 'Unknown time zone.',
      status: 400,
      title: undefined,
    });
    expect(ruleErrorOf(() => checkTimeZone('x'.repeat(65)))).toMatchObject({ code: 'invalid_time_zone' });
    expect(() => checkTimeZone('Europe/Berlin')).not.toThrow();
  });
});
