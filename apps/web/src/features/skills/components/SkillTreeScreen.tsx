import type { CharacterView, SkillNodeView } from '@rpg/contract';
import { isSkillTreeClass, SKILL_TREE_CLASSES, SKILL_TREES, type SkillTreeClass } from '@rpg/game';
import { ArrowLeft, Eye, RotateCcw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert, LoadErrorAlert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useChangeSkills } from '../api/change-skills';
import { useSkillTreeQuery } from '../api/get-skill-tree';
import { bonusText } from '../lib/describe';
import { previewReset, previewUnlock, startPreview, withPreview, type PreviewOutcome, type PreviewState } from '../lib/preview';
import { SkillDetails } from './SkillDetails';
import { SkillGraph } from './SkillGraph';

/** Spec 03 §2: 'Access Denied' / 'Character not found or invalid class.' with 'Return to Profile'; §8 'No active character found' without one. */
export function AccessDenied({ unsupported, noCharacter = false }: { unsupported: boolean; noCharacter?: boolean }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl py-10">
      <Card className="space-y-4 text-center">
        <h1 id="page-title" className="font-display text-3xl font-bold text-ember-300">
          Access Denied
        </h1>
        <p className="text-parchment-100">Character not found or invalid class.</p>
        {unsupported ? <p className="text-sm text-parchment-300">Unsupported class type.</p> : null}
        {noCharacter ? <p className="text-sm text-parchment-300">No active character found</p> : null}
        <Link to="/profile" className={buttonClasses('secondary')}>
          Return to Profile
        </Link>
      </Card>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border border-gold-700/40 bg-ink-800/70 px-4 py-2 text-center">
      <p className="text-xs tracking-wide text-parchment-400 uppercase">{label}</p>
      <p data-stat={label} className="font-display text-2xl font-bold text-gold-300">
        {value}
      </p>
    </div>
  );
}

interface TreePanelProps {
  character: CharacterView;
  ownTree: SkillTreeClass;
  shown: SkillTreeClass;
}

/** One tab: the own tree (saved on the server) or another class's (a preview that saves nothing). */
function TreePanel({ character, ownTree, shown }: TreePanelProps) {
  const query = useSkillTreeQuery(character.id, shown);
  const { unlock, reset } = useChangeSkills(character.id, ownTree);
  const [selectedId, setSelectedId] = useState<string>();
  const [preview, setPreview] = useState<PreviewState>();
  const detailsId = useId();
  const failed = query.isError && !query.data;

  useEffect(() => {
    if (failed) toast.error('Error', { id: 'skills-load-failed', description: 'Failed to load character data' });
  }, [failed]);

  if (query.isPending) return <CenteredSpinner label="Loading skill tree" />;
  if (!query.data?.tree) return <LoadErrorAlert title="Failed to load character data" onRetry={() => void query.refetch()} />;

  const state = query.data;
  const isPreview = state.preview;
  const local = preview ?? startPreview(state);
  const tree = isPreview ? withPreview(state.tree!, local) : state.tree!;
  const points = isPreview ? local.skillPoints : state.skillPoints;
  const busy = unlock.isPending || reset.isPending;
  // Spec 03 §5: a reset needs an unlocked skill besides the root; until then the button is off and says why.
  const canReset = tree.nodes.some((n) => n.status === 'unlocked' && n.id !== tree.root);
  const resetHintId = `${detailsId}-reset-hint`;

  const showPreview = (outcome: PreviewOutcome) => {
    if (!outcome.ok) {
      toast.error('Preview Mode', { description: outcome.message });
      return;
    }
    setPreview(outcome.state);
    toast.info('Preview Mode', { description: `${outcome.message} (Preview only: nothing is saved.)` });
  };
  const onUnlock = (node: SkillNodeView) => {
    if (isPreview) showPreview(previewUnlock(shown, local, node.id));
    else if (!busy) unlock.mutate(node.id);
  };
  const onReset = () => {
    if (isPreview) showPreview(previewReset(shown, local));
    else reset.mutate();
  };

  return (
    <div className="space-y-4">
      {isPreview ? (
        <Alert tone="gold" icon={<Eye className="size-5" />} title="Preview Mode">
          <p>
            You are viewing the {tree.name} tree. Your character is a {SKILL_TREES[ownTree].name}: try skills out here, but nothing is saved.
          </p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Stat label="Level" value={state.level} />
        <Stat label="Skill Points" value={points} />
        <Button variant="secondary" onClick={onReset} disabled={busy || !canReset} aria-describedby={canReset ? undefined : resetHintId}>
          <RotateCcw className="size-4" aria-hidden="true" />
          Reset Skills
        </Button>
        {canReset ? null : (
          <span id={resetHintId} className="text-sm text-parchment-300">
            No skills to reset
          </span>
        )}
        {!isPreview && bonusText(state.bonuses) ? (
          <p className="text-sm text-parchment-300">
            Your skills add: <span className="text-moss-300">{bonusText(state.bonuses)}</span>
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <SkillGraph tree={tree} selectedId={selectedId} onSelect={setSelectedId} onUnlock={onUnlock} detailsId={detailsId} />
        <div className="lg:sticky lg:top-4 lg:self-start">
          <SkillDetails id={detailsId} node={tree.nodes.find((n) => n.id === selectedId)} tree={tree} />
        </div>
      </div>
    </div>
  );
}

/**
 * /skill-tree (spec 03 §2): '{Class} Skill Tree', 'Back to Profile', the class tabs (the own
 * class saved, the others previewed), level, points and 'Reset Skills', hover and focus details.
 */
export function SkillTreeScreen({ character }: { character: CharacterView }) {
  const ownClass = character.class;
  const [shown, setShown] = useState<SkillTreeClass>(isSkillTreeClass(ownClass) ? ownClass : 'mage');
  if (!isSkillTreeClass(ownClass)) return <AccessDenied unsupported />;

  return (
    <section aria-labelledby="page-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
          {SKILL_TREES[shown].name} Skill Tree
        </h1>
        <Link to="/profile" className={buttonClasses('secondary', 'sm')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Profile
        </Link>
      </div>
      <Tabs.Root value={shown} onValueChange={(value) => isSkillTreeClass(value) && setShown(value)}>
        <Tabs.List aria-label="Class trees" className="grid grid-cols-3 gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1 sm:max-w-md">
          {SKILL_TREE_CLASSES.map((c) => (
            <Tabs.Trigger
              key={c}
              value={c}
              className="min-h-10 rounded-lg px-3 py-2 text-sm font-medium text-parchment-200 transition-colors hover:bg-ink-700 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950"
            >
              {SKILL_TREES[c].name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {SKILL_TREE_CLASSES.map((c) => (
          <Tabs.Content key={c} value={c} className="mt-4">
            <TreePanel character={character} ownTree={ownClass} shown={c} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
