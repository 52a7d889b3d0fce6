import { POST_MAX_LENGTH } from '@rpg/game';
import { ImagePlus, Send, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FileButton } from '@/components/ui/FileButton';
import { cn } from '@/lib/cn';
import { useCreatePost } from '../api/create-post';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** Spec 03 §2/§5: a new post on my own feed, text or an image or both ('Post must have content or image.'). */
export function PostComposer({ userId }: { userId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePost(userId);

  const image = picked?.file ?? null;
  const pick = (file: File | null) => {
    if (picked) URL.revokeObjectURL(picked.preview);
    setPicked(file ? { file, preview: URL.createObjectURL(file) } : null);
  };

  const submit = () => {
    if (text.trim() === '' && !image) {
      setError('Post must have content or image.');
      return;
    }
    setError(null);
    create.mutate(
      { text: text.trim(), image },
      {
        onSuccess: () => {
          setText('');
          pick(null);
        },
      },
    );
  };

  return (
    <Card>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        aria-busy={create.isPending}
      >
        <label htmlFor={id} className="sr-only">
          What's on your mind?
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={POST_MAX_LENGTH}
          rows={3}
          placeholder="Share your latest adventure…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(
            'block w-full resize-y rounded-md border border-ink-600 bg-ink-950/70 px-3 py-2 text-parchment-50',
            'placeholder:text-parchment-400/80',
            'focus:border-gold-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300',
          )}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-ember-400">
            {error}
          </p>
        ) : null}
        {picked ? (
          <div className="relative mt-3 inline-block">
            <img src={picked.preview} alt="Selected image" className="max-h-48 rounded-md border border-ink-600" />
            <button
              type="button"
              onClick={() => pick(null)}
              aria-label="Remove image"
              className="absolute top-1 right-1 rounded-full bg-ink-950/80 p-1 text-parchment-100 hover:bg-ink-800 focus-visible:outline-2 focus-visible:outline-gold-300"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <FileButton
            label="Add Image"
            accept={IMAGE_TYPES}
            onFile={pick}
            icon={<ImagePlus className="size-4" aria-hidden="true" />}
            disabled={create.isPending}
          />
          <Button type="submit" disabled={create.isPending}>
            <Send className="size-4" aria-hidden="true" />
            {create.isPending ? 'Posting…' : 'Post'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
