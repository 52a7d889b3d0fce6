import { Hammer, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/Button';
import { CraftingContents } from './CraftingContents';

/** Spec 02 section 2: the crafting drawer, a side panel over the sheet opened by 'Crafting'. */
export function CraftingDrawer({ characterId }: { characterId: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Hammer className="size-4" aria-hidden="true" />
          Crafting
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/70 backdrop-blur-sm" />
        <Dialog.Content className="drawer-panel fixed inset-y-0 right-0 z-50 flex w-full max-w-lg flex-col border-l border-gold-700/50 bg-ink-850 shadow-2xl">
          <div className="flex items-start justify-between gap-3 px-4 pt-4 pb-3 sm:px-5">
            <div>
              <Dialog.Title className="font-display text-2xl font-semibold text-gold-300">Crafting</Dialog.Title>
              <Dialog.Description className="text-sm text-parchment-300">Turn the materials you gather into gear, potions and food.</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" className="w-9 px-0" aria-label="Close crafting">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <CraftingContents characterId={characterId} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
