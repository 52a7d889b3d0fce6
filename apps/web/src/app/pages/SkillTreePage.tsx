import { LoadErrorAlert } from '@/components/ui/Alert';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useCharacterList } from '@/features/characters/hooks/useCharacterList';
import { AccessDenied, SkillTreeScreen } from '@/features/skills/components/SkillTreeScreen';

/**
 * /skill-tree (spec 03 §2): the active character's class tree. Without an active character, or
 * for one of the nine classes without a tree, 'Access Denied' with 'Return to Profile'.
 */
export function SkillTreePage() {
  const { active, isPending, isError, retry } = useCharacterList();
  if (isPending) return <CenteredSpinner label="Loading skill tree" />;
  if (isError) return <LoadErrorAlert title="Failed to load character data" onRetry={retry} className="mx-auto max-w-xl" />;
  if (!active) return <AccessDenied unsupported={false} noCharacter />;
  return <SkillTreeScreen key={active.id} character={active} />;
}
