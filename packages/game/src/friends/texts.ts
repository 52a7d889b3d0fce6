/** Spec 03 §8: the toasts of friendship and profile changes (the server answers some, the web shows others; refusals are RuleErrors). */
export const SOCIAL_TEXT = {
  requestSent: 'Friend request sent!',
  requestAccepted: 'Friend request accepted',
  requestRejected: 'Friend request rejected',
  newFriendRequest: 'New Friend Request',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  unknownUser: 'Unknown User',
  friendRemoved: 'Friend removed',
  requestCancelled: 'Friend request cancelled',
  requestDeclined: 'Friend request declined',
  playerBlocked: 'Player blocked',
  playerUnblocked: 'Player unblocked',
} as const;
