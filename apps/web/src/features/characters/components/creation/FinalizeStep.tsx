import { CLASS_DEFINITIONS, RACE_DEFINITIONS } from '@rpg/game';
import { ArrowLeft, ArrowRight, Save } from 'lucide-react';
import type { Dispatch } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import type { CreationDraft, DraftAction } from '../../lib/creation-draft';
import { capitalise } from '../../lib/labels';
import { CharacterPortrait } from '@/components/portrait/CharacterPortrait';
import { AppearanceControls } from './AppearanceControls';

interface FinalizeStepProps {
  draft: CreationDraft;
  dispatch: Dispatch<DraftAction>;
  editing: boolean;
  busy: boolean;
  onFinish: () => void;
}

/** Step 2 (spec 01 section 2): the look of the character and a live portrait; Next creates it. */
export function FinalizeStep({ draft, dispatch, editing, busy, onFinish }: FinalizeStepProps) {
  const race = draft.race ? RACE_DEFINITIONS[draft.race].name : '';
  const characterClass = draft.characterClass ? CLASS_DEFINITIONS[draft.characterClass].name : '';
  const summary = [draft.gender ? capitalise(draft.gender) : '', race, characterClass].filter(Boolean).join(' ');

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-2xl font-semibold text-gold-200">Finalize Character</h2>
      <div className="mt-5 grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <figure className="mx-auto w-full max-w-56 md:mx-0">
          <CharacterPortrait
            appearance={draft.appearance}
            race={draft.race}
            label={`Portrait of ${draft.name.trim() || 'your character'}`}
            className="w-full rounded-lg border border-gold-700/50"
          />
          <figcaption className="mt-3 text-center">
            <span className="block font-display text-xl font-semibold break-words text-gold-200">{draft.name.trim()}</span>
            <span className="text-sm text-parchment-300">{summary}</span>
          </figcaption>
        </figure>
        <AppearanceControls appearance={draft.appearance} onChange={(appearance) => dispatch({ type: 'set-appearance', appearance })} />
      </div>
      <div className="mt-6 flex flex-wrap justify-between gap-3 border-t border-gold-700/30 pt-5">
        <Button variant="secondary" onClick={() => dispatch({ type: 'back' })} disabled={busy}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>
        <Button size="lg" onClick={onFinish} disabled={busy} aria-busy={busy}>
          {editing ? (
            <>
              <Save className="size-4" aria-hidden="true" />
              Save Character
            </>
          ) : (
            <>
              Next
              <ArrowRight className="size-4" aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </Card>
  );
}
