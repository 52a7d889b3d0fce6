import { sql, type SQLWrapper } from 'drizzle-orm';
import { friendships } from '../schema/social.ts';

/**
 * The predicates of who stands how to whom, each defined here once and used by every statement
 * that asks it (issue 47): a block one way, a block either way, what of a player another player
 * sees, a player's friendship rows and the other player of one, and the friendship row of a pair. A player is a column, a placeholder or an id.
 */
type Player = SQLWrapper | string;
/** The friendships table or an alias of it (a statement's `f`). */
type FriendshipColumns = { requesterId: SQLWrapper; addresseeId: SQLWrapper };

/** `blocker` blocked `blocked` (one way: the relation labels, "blocked me", the search). */
export const hasBlocked = (blocker: Player, blocked: Player) =>
  sql<boolean>`exists (select 1 from "blocks" b where b.blocker_id = ${blocker} and b.blocked_id = ${blocked})`;

/**
 * The players in a block with `player`, either way (issue 25): a subquery of ids, not correlated,
 * so the database reads it once per statement (`x not in (...)` is a hashed lookup per row).
 */
export const blockPeersOf = (player: Player) =>
  sql`(select b.blocked_id from "blocks" b where b.blocker_id = ${player} union all select b.blocker_id from "blocks" b where b.blocked_id = ${player})`;

/** `a` and `b` are in a block, either way. */
export const blockedEitherWay = (a: Player, b: Player) => sql<boolean>`${a} in ${blockPeersOf(b)}`;

/**
 * What `author` did (a post, a like, a comment, a chat line; a player suggested) is visible to
 * `viewer`: neither blocked the other (docs/decisions/social.md, "Blocks"). `author` is never
 * null here: a line of no player (the system's) is visible, and its caller says so.
 */
export const visibleTo = (viewer: Player, author: Player) => sql<boolean>`${author} not in ${blockPeersOf(viewer)}`;

/** A friendship row of `player`'s, whoever asked (along friendships_requester_idx and friendships_addressee_idx). `row`: as friendshipPair's. */
export const friendshipOf = (player: Player, row: FriendshipColumns = friendships) =>
  sql<boolean>`(${row.requesterId} = ${player} or ${row.addresseeId} = ${player})`;

/** The other player of a friendship row of `player`'s. */
export const otherPlayerOf = (player: Player, row: FriendshipColumns = friendships) =>
  sql<string>`case when ${row.requesterId} = ${player} then ${row.addresseeId} else ${row.requesterId} end`;

/**
 * The friendship row of the pair `a` and `b`, whoever asked (at most one: friendships_pair_uq, whose
 * expressions these are, so it is one look-up along that index). `row`: the friendships table or an
 * alias of it.
 */
export const friendshipPair = (a: Player, b: Player, row: FriendshipColumns = friendships) =>
  sql<boolean>`least(${row.requesterId}, ${row.addresseeId}) = least(${a}, ${b}) and greatest(${row.requesterId}, ${row.addresseeId}) = greatest(${a}, ${b})`;
