import { useState } from 'react';

/**
 * The state of a chip dialog: open, the amount as typed, and whether the confirm step shows.
 * Opening it starts over: `initialText` in the field, the form step first.
 */
export function useChipDialog(initialText: string) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(initialText);
  const [confirming, setConfirming] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setText(initialText);
      setConfirming(false);
    }
  };

  return { open, onOpenChange, close: () => setOpen(false), text, setText, confirming, setConfirming };
}
