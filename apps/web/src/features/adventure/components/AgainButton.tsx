import type { AdventureOutcomeView } from '@rpg/contract';
import { LOCATIONS } from '@rpg/game';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

export type AgainChoice = Pick<AdventureOutcomeView, 'location' | 'level'>;

/** 'Again: Forest, level 3': the button's accessible name and its words. */
export const againLabel = ({ location, level }: AgainChoice) => `Again: ${LOCATIONS[location].name}, level ${level}`;

interface AgainButtonProps {
  choice: AgainChoice;
  /** A start is on its way. */
  starting: boolean;
  onAgain: (choice: AgainChoice) => void;
  className?: string;
}

/** Issue 44 "Again": one click sets out on the last adventure's location and level. */
export function AgainButton({ choice, starting, onAgain, className }: AgainButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={cn('gap-1.5', className)}
      disabled={starting}
      onClick={() => onAgain(choice)}
      aria-label={againLabel(choice)}
    >
      <RotateCcw className="size-3.5" aria-hidden="true" />
      <span>Again</span>
      <span className="text-xs text-parchment-300">
        {LOCATIONS[choice.location].label} · Lv {choice.level}
      </span>
    </Button>
  );
}
