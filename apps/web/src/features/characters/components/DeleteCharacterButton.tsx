import type { CharacterView } from '@rpg/contract';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { cn } from '@/lib/cn';
import { useDeleteCharacter } from '../api/delete-character';

interface DeleteCharacterButtonProps {
  character: Pick<CharacterView, 'id' | 'name' | 'level'>;
  /** 'icon' for the portal's cards, 'full' for the character sheet. */
  look?: 'icon' | 'full';
  onDeleted?: () => void;
  className?: string;
}

/** Delete behind a confirmation (DECISIONS section 2); toasts 'Character Deleted' on success. */
export function DeleteCharacterButton({ character, look = 'full', onDeleted, className }: DeleteCharacterButtonProps) {
  const remove = useDeleteCharacter();
  const label = `Delete ${character.name}`;

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant={look === 'icon' ? 'ghost' : 'danger'}
          size="sm"
          aria-label={look === 'icon' ? label : undefined}
          title={look === 'icon' ? label : undefined}
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          className={cn(look === 'icon' && 'size-9 px-0 text-parchment-300 hover:text-ember-300', className)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {look === 'full' ? 'Delete Character' : null}
        </Button>
      }
      title={`Delete ${character.name}?`}
      description={`${character.name} (level ${character.level}) and everything they carry will be gone for good. This cannot be undone.`}
      confirmLabel="Delete"
      destructive
      onConfirm={() => remove.mutate(character.id, { onSuccess: () => onDeleted?.() })}
    />
  );
}
