import { SOCIAL_TEXT } from '@rpg/game';
import { useParams } from 'react-router';
import { changePassword } from '@/features/auth/api/change-password';
import { useCharacterList } from '@/features/characters/hooks/useCharacterList';
import { SendGiftDialog } from '@/features/gifts/components/SendGiftDialog';
import { useInventoryQuery } from '@/features/items/api/get-inventory';
import { failureMessage } from '@/features/auth/lib/auth-errors';
import { ProfileFeed } from '@/features/posts/ProfileFeed';
import { AccountSecurityCard, type ChangePassword } from '@/features/settings/components/AccountSecurityCard';
import { AudioSettingsCard } from '@/features/settings/components/AudioSettingsCard';
import { UserProfile } from '@/features/social/components/UserProfile';

const changeAccountPassword: ChangePassword = async (currentPassword, newPassword) => {
  const result = await changePassword(currentPassword, newPassword);
  return result.ok ? { ok: true } : { ok: false, message: failureMessage(result.error) };
};

/** Spec 03 §5 and §8: the profile's Password tab has texts of its own. */
const PROFILE_PASSWORD_TEXTS = {
  success: SOCIAL_TEXT.passwordUpdated,
  failure: 'Failed to update password',
  mismatch: { title: "Passwords don't match", description: 'New password and confirmation must match' },
};

/**
 * /user-profile and /user-profile/:userId (spec 03 §2): the social feature's profile, with the
 * posts feature's feed, the auth feature's password change, the settings feature's
 * preferences and the gifts feature's 'Send Gift' (with the active character's backpack) put in.
 * Signed-in players only: the route guard sends a guest to /auth (spec 03 §6), so the page has no
 * login prompt of its own.
 */
export function UserProfilePage() {
  const { userId } = useParams();
  // The giver's side of a gift: the active character's money and backpack.
  const { active } = useCharacterList();
  const inventory = useInventoryQuery(active?.id ?? null);

  return (
    <UserProfile
      key={userId ?? 'me'}
      userId={userId}
      feed={(id, isOwn) => <ProfileFeed userId={id} isOwn={isOwn} />}
      password={<AccountSecurityCard changePassword={changeAccountPassword} texts={PROFILE_PASSWORD_TEXTS} />}
      preferences={<AudioSettingsCard />}
      gift={(friend) => (
        <SendGiftDialog
          toUserId={friend.id}
          toName={friend.username}
          characterId={active?.id ?? null}
          wallet={active?.copper ?? 0}
          entries={inventory.data?.entries}
        />
      )}
    />
  );
}
