/** Spec 03 §2 global player chat: the emoji picker's 5 categories of 16 emojis each. */
export const EMOJI_CATEGORIES = [
  { id: 'smileys', label: 'Smileys', emojis: ['😀', '😂', '😊', '😍', '😎', '🤔', '😅', '😉', '😇', '🥳', '😢', '😡', '😱', '😴', '🤩', '😜'] },
  { id: 'gestures', label: 'Gestures', emojis: ['👍', '👎', '👏', '🙌', '👋', '🤝', '🙏', '💪', '✌️', '🤞', '👌', '🤘', '👊', '✋', '👉', '🫡'] },
  { id: 'animals', label: 'Animals', emojis: ['🐺', '🦊', '🐻', '🐱', '🐶', '🦁', '🐯', '🐴', '🦄', '🐉', '🦅', '🦉', '🐍', '🕷️', '🐸', '🐢'] },
  { id: 'fantasy', label: 'Fantasy', emojis: ['🧙', '🧝', '🧛', '🧟', '🧞', '🧚', '🧜', '👑', '🏰', '🔮', '✨', '🌙', '🪄', '👻', '💀', '🐲'] },
  { id: 'rpg', label: 'RPG', emojis: ['⚔️', '🗡️', '🛡️', '🏹', '🪓', '💰', '💎', '🧪', '📜', '🗺️', '🎲', '🔥', '❄️', '⚡', '❤️', '⭐'] },
] as const;

export type EmojiCategory = (typeof EMOJI_CATEGORIES)[number];
