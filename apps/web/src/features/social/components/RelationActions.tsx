import type { RelationView } from '@rpg/contract';
import { Check, Clock, UserPlus, X } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useFriendAction } from '../api/friend-actions';

interface RelationActionsProps {
  userId: string;
  username: string;
  relation: RelationView;
  /** Accept and Reject for an incoming request (never on another player's profile, spec 03 §6). */
  canAnswer?: boolean;
}

/**
 * Spec 03 §4: the sender sees 'Request sent' for a pending request they sent; the recipient sees
 * Accept and Reject (on the sender's profile one 'Accept Request', since asking back accepts);
 * anyone else 'Add Friend'.
 */
export function RelationActions({ userId, username, relation, canAnswer = true }: RelationActionsProps) {
  const action = useFriendAction();
  const busy = action.isPending;
  switch (relation.status) {
    case 'self':
      return null;
    case 'friends':
      return <span className="text-sm text-moss-300">Friends</span>;
    case 'outgoing':
      return (
        <span className="inline-flex items-center gap-1 text-sm text-parchment-300">
          <Clock className="size-4" aria-hidden="true" />
          Request sent
        </span>
      );
    case 'incoming':
      if (canAnswer && relation.friendshipId) {
        const friendshipId = relation.friendshipId;
        return (
          <span className="inline-flex gap-2">
            <Button size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'accept', friendshipId })} aria-label={`Accept ${username}`}>
              <Check className="size-4" aria-hidden="true" />
              Accept
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => action.mutate({ kind: 'reject', friendshipId })}
              aria-label={`Reject ${username}`}
            >
              <X className="size-4" aria-hidden="true" />
              Reject
            </Button>
          </span>
        );
      }
      // On their profile (no Accept and Reject there, spec 03 §6) the one button accepts their request: it says so.
      return (
        <Button size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'request', userId })} aria-label={`Accept Request ${username}`}>
          <Check className="size-4" aria-hidden="true" />
          Accept Request
        </Button>
      );
    case 'blocked':
      return (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => action.mutate({ kind: 'unblock', userId })}>
          Unblock
        </Button>
      );
    case 'blocked-by':
      return null;
    case 'none':
      break;
  }
  return (
    <Button size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'request', userId })} aria-label={`Add Friend ${username}`}>
      <UserPlus className="size-4" aria-hidden="true" />
      Add Friend
    </Button>
  );
}
