export interface ProfileFeedProps {
  /** The profile's owner (a user id). */
  userId: string;
  /** True when the signed-in player is looking at their own profile. */
  isOwn: boolean;
}

/** The posts of one player's profile (spec 03 §2). Being built; the signature is fixed. */
export function ProfileFeed({ userId, isOwn }: ProfileFeedProps) {
  return (
    <section aria-label="Posts" data-user-id={userId} data-own={isOwn ? 'true' : 'false'}>
      <h2 className="text-lg font-semibold">Posts</h2>
    </section>
  );
}
