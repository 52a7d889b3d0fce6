/**
 * The web app's TanStack Query keys, defined once. The web app's queries use them, and the server
 * names them in its `invalidate` pushes, so a change on the server refetches exactly what it changed.
 * A key is a list of strings; invalidating a key refetches every query that starts with it
 * (`characters` covers every character query).
 */
export type QueryKey = readonly string[];

export const queryKeys = {
  /** The signed-in account (GET /api/me). */
  me: ['me'] as const,
  /** Issue 43: the account's signed-in devices (GET /api/account/sessions). */
  sessions: ['account', 'sessions'] as const,
  /** The character list and every character in it: money, vitals, level. */
  characters: ['characters'] as const,
  /** A character's History (the ledger): under `characters`, so every change of money or items refetches it. */
  history: (characterId: string) => ['characters', 'history', characterId] as const,
  /** A character's console history. */
  console: (characterId: string) => ['console', characterId] as const,
  /** Every character's adventure state (the world turned: the launcher's figures changed). */
  adventures: ['adventure'] as const,
  /** A character's adventure state: the launcher, the running adventure, the last outcome. */
  adventure: (characterId: string) => ['adventure', characterId] as const,
  /** A character's backpack and equipment. */
  inventory: (characterId: string) => ['inventory', characterId] as const,
  /** Every character's store (the restock push refetches them all). */
  stores: ['store'] as const,
  store: (characterId: string) => ['store', characterId] as const,
  /** A character's chips and poker hand. */
  casino: (characterId: string) => ['casino', characterId] as const,
  /** A character's crafting drawer. */
  crafting: (characterId: string) => ['crafting', characterId] as const,
  /** Every auction query (a listing appeared, sold or ended: broadcast to every player). */
  auction: ['auction'] as const,
  /** A page of other players' listings; `query` is the search, filters, sort and page as one string. */
  auctionBrowse: (query: string) => ['auction', 'browse', query] as const,
  /** The player's own listings. */
  auctionMine: ['auction', 'mine'] as const,
  /** The last sales of an item name. */
  auctionHistory: (name: string) => ['auction', 'history', name] as const,
  /** The player's achievements, points and battle pass (spec 03 §2). */
  achievements: ['achievements'] as const,
  /** The console's command list (the Commands panel, /help as data). */
  commands: ['commands'] as const,
  /** A character's skill tree (its own, or another class's in preview). */
  skills: (characterId: string) => ['skills', characterId] as const,
  skillTree: (characterId: string, tree: string) => ['skills', characterId, tree] as const,
  /** Every leaderboard, and one board (xp, adventures, battles, health, defense, attack). */
  leaderboards: ['leaderboards'] as const,
  leaderboard: (board: string) => ['leaderboards', board] as const,
  /** One player's profile feed, and (under it) the comments of each of its posts. */
  posts: (userId: string) => ['posts', userId] as const,
  postComments: (userId: string, postId: string) => ['posts', userId, 'comments', postId] as const,
  /** The global chat: the last 50 lines and my mute list. */
  chat: ['chat'] as const,
  /** Every friends, profile and direct-message query (a friendship or a block changed). */
  social: ['social'] as const,
  /** A player's profile: banner, avatar, counters, how the viewer stands with them. */
  profile: (userId: string) => ['social', 'profile', userId] as const,
  /** Another player's accepted friends (their Friends tab). */
  profileFriends: (userId: string) => ['social', 'profile', userId, 'friends'] as const,
  /** The player's own friendship rows (the tabs All, Friends, Incoming, Sent). */
  friends: ['social', 'friends'] as const,
  friendSuggestions: ['social', 'suggestions'] as const,
  userSearch: (term: string) => ['social', 'search', term] as const,
  blocks: ['social', 'blocks'] as const,
  /** The badges: incoming requests, unread messages. */
  socialSummary: ['social', 'summary'] as const,
  /** Every direct-message query: the conversation list and each conversation. */
  messages: ['social', 'messages'] as const,
  conversation: (userId: string) => ['social', 'messages', userId] as const,
  /** Issue 28: every moderation query (the queue, the players muted or suspended, the staff, the audit log). */
  moderation: ['moderation'] as const,
  moderationQueue: ['moderation', 'queue'] as const,
  moderationQueuePage: (page: number) => ['moderation', 'queue', page] as const,
  moderationPenalties: ['moderation', 'penalties'] as const,
  moderationStaff: ['moderation', 'staff'] as const,
  moderationLog: (page: number) => ['moderation', 'log', page] as const,
  /** Issue 44: which timers' ends the player hears about (every tab, every device). */
  noticeSettings: ['notices', 'settings'] as const,
  /** Issue 42: the world clock and each land's weather (GET /api/world; the `world-changed` push sets it). */
  world: ['world'] as const,
  /** Issue 44: the notification inbox (the bell and its badge). */
  inbox: ['inbox'] as const,
  /** Issue 44: the account's first steps (the guided start). */
  firstSteps: ['first-steps'] as const,
  /** Issue 44: what settled for a character while the player was away. */
  away: (characterId: string) => ['away', characterId] as const,
} as const;

/** What changes together, named once: the keys a kind of change makes stale. */
export const changedKeys = {
  /** A player came online or went offline: the friends lists, the conversation list, their profile (in this order). */
  presence: (userId: string): [friends: QueryKey, conversations: QueryKey, profile: QueryKey] => [
    queryKeys.friends,
    queryKeys.messages,
    queryKeys.profile(userId),
  ],
  /** An adventure settled: money, XP and health, its console lines, the board, the loot. */
  adventureSettled: (characterId: string): QueryKey[] => [
    queryKeys.characters,
    queryKeys.console(characterId),
    queryKeys.adventure(characterId),
    queryKeys.inventory(characterId),
    queryKeys.leaderboards,
  ],
  /** An adventure started: the board and its console line. */
  adventureStarted: (characterId: string): QueryKey[] => [queryKeys.adventure(characterId), queryKeys.console(characterId)],
  /** An item equipped, sold, used or bought: money and vitals, the backpack, the store. */
  items: (characterId: string): QueryKey[] => [queryKeys.characters, queryKeys.inventory(characterId), queryKeys.store(characterId)],
  /** Copper or chips moved: the wallet on the character, the chips and hand. */
  wallet: (characterId: string): QueryKey[] => [queryKeys.characters, queryKeys.casino(characterId)],
  /** A craft started, collected or a scroll read: the drawer and the backpack. */
  crafting: (characterId: string): QueryKey[] => [queryKeys.crafting(characterId), queryKeys.inventory(characterId)],
  /** A craft finished: the drawer, the backpack and its console line. */
  craftFinished: (characterId: string): QueryKey[] => [queryKeys.crafting(characterId), queryKeys.inventory(characterId), queryKeys.console(characterId)],
  /** A skill unlocked or the tree reset: the tree, the points on the character, the launcher's win chances. */
  skills: (characterId: string): QueryKey[] => [queryKeys.skills(characterId), queryKeys.characters, queryKeys.adventure(characterId)],
  /** A friendship or a block changed, or a profile was renamed: every social query (lists, profiles, badges, conversations). */
  social: (): QueryKey[] => [queryKeys.social],
  /** A direct message sent or read between the player and `otherId`: that conversation, the list, the badges. */
  directMessages: (otherId: string): QueryKey[] => [queryKeys.conversation(otherId), queryKeys.messages, queryKeys.socialSummary],
  /** A first step checked off (issue 44): the guide, and the copper its reward put on the character. */
  /** A first step checked off; the characters too when it paid the guide's reward. */
  firstSteps: (rewarded: boolean): QueryKey[] => (rewarded ? [queryKeys.firstSteps, queryKeys.characters] : [queryKeys.firstSteps]),
} as const;
