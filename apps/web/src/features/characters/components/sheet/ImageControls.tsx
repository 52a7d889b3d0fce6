import { ImagePlus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { FileButton } from '@/components/ui/FileButton';
import { useRemoveCharacterImage } from '../../api/remove-character-image';
import { CHARACTER_IMAGE_ACCEPT, useUploadCharacterImage, type CharacterImageKind } from '../../api/upload-character-image';

interface ImageControlsProps {
  characterId: string;
  kind: CharacterImageKind;
  /** 'Avatar' or 'Background', used in the labels. */
  noun: string;
  hasImage: boolean;
}

/** Upload and Remove for a character image; the server checks the type and size and explains a refusal. */
export function ImageControls({ characterId, kind, noun, hasImage }: ImageControlsProps) {
  const upload = useUploadCharacterImage(kind);
  const remove = useRemoveCharacterImage(kind);
  const busy = upload.isPending || remove.isPending;

  return (
    <div className="flex flex-wrap gap-2" aria-busy={busy}>
      <FileButton
        label={`Upload ${noun}`}
        accept={CHARACTER_IMAGE_ACCEPT}
        disabled={busy}
        icon={<ImagePlus className="size-4" aria-hidden="true" />}
        onFile={(file) => upload.mutate({ id: characterId, file }, { onSuccess: () => toast.success(`${noun} updated`) })}
      />
      {hasImage ? (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => remove.mutate(characterId, { onSuccess: () => toast.success(`${noun} removed`) })}>
          <Trash2 className="size-4" aria-hidden="true" />
          Remove {noun}
        </Button>
      ) : null}
    </div>
  );
}
