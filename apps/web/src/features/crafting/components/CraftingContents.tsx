import { RECIPE_CATEGORY_LABELS } from '@rpg/game';
import { Tabs } from 'radix-ui';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useCollectCraft } from '../api/collect-craft';
import { useCraftingQuery } from '../api/get-crafting';
import { useRecipeScrolls } from '../api/get-recipe-scrolls';
import { useReadScroll } from '../api/read-scroll';
import { useStartCraft } from '../api/start-craft';
import { useCraftCountdown } from '../hooks/useCraftCountdown';
import { craftBlockReason, recipesByCategory } from '../lib/recipes';
import { CraftingSummary } from './CraftingSummary';
import { CraftStatus } from './CraftStatus';
import { RecipeCard } from './RecipeCard';
import { RecipeScrolls } from './RecipeScrolls';

const TAB_CLASSES = cn(
  'flex-1 rounded-md px-2 py-2 text-sm font-medium text-parchment-300 transition-colors',
  'hover:text-parchment-50 focus-visible:outline-2 focus-visible:outline-gold-300',
  'data-[state=active]:bg-gold-500/15 data-[state=active]:text-gold-200',
);

/** The drawer's body: level and bonuses, the craft, scrolls to read, and the recipes by tab. */
export function CraftingContents({ characterId }: { characterId: string }) {
  const crafting = useCraftingQuery(characterId);
  const scrolls = useRecipeScrolls(characterId);
  const start = useStartCraft(characterId);
  const collect = useCollectCraft(characterId);
  const read = useReadScroll(characterId);
  const clock = useCraftCountdown(crafting.data?.active ?? null, crafting.dataUpdatedAt, () => void crafting.refetch());

  if (crafting.isPending) return <Spinner label="Loading your recipes" className="mx-auto my-10" />;
  if (!crafting.data) {
    return (
      <div className="px-4 sm:px-5">
        <LoadErrorAlert title="Your recipes could not be loaded." onRetry={() => void crafting.refetch()} />
      </div>
    );
  }

  const view = crafting.data;
  const busy = start.isPending || collect.isPending || read.isPending;

  return (
    <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 pb-6 sm:px-5">
      <CraftingSummary view={view} />
      <RecipeScrolls scrolls={scrolls.data ?? []} busy={busy} onRead={(entryId) => read.mutate(entryId)} />
      <Tabs.Root defaultValue="weapons">
        {/* The craft's progress and the tabs stay in view while the recipes scroll under them. */}
        <div className="sticky top-0 z-10 -mx-1 space-y-2 bg-ink-850 px-1 pt-1 pb-2">
          <CraftStatus view={view} clock={clock} collecting={collect.isPending} onCollect={() => collect.mutate()} />
          <Tabs.List aria-label="Recipe categories" className="flex gap-1 rounded-lg border border-ink-600 bg-ink-900 p-1">
            {recipesByCategory(view.recipes).map(({ category }) => (
              <Tabs.Trigger key={category} value={category} className={TAB_CLASSES}>
                {RECIPE_CATEGORY_LABELS[category]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        {recipesByCategory(view.recipes).map(({ category, recipes }) => (
          <Tabs.Content key={category} value={category} className="mt-1 focus-visible:outline-2 focus-visible:outline-gold-300">
            {recipes.length === 0 ? (
              <p className="py-6 text-center text-parchment-300">No recipes here yet.</p>
            ) : (
              <ul className="space-y-3">
                {recipes.map((recipe) => (
                  <RecipeCard
                    key={recipe.id}
                    recipe={recipe}
                    level={view.level}
                    reason={craftBlockReason(recipe, view)}
                    busy={busy}
                    onCraft={(recipeId) => start.mutate(recipeId)}
                  />
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
