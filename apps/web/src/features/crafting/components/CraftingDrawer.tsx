import { Hammer } from 'lucide-react';
import { Drawer } from '@/components/ui/Drawer';
import { CraftingContents } from './CraftingContents';

/** Spec 02 section 2: the crafting drawer, a side panel over the sheet opened by 'Crafting'. */
export function CraftingDrawer({ characterId }: { characterId: string }) {
  return (
    <Drawer title="Crafting" icon={Hammer} description="Turn the materials you gather into gear, potions and food." closeLabel="Close crafting" width="lg">
      <CraftingContents characterId={characterId} />
    </Drawer>
  );
}
