import { CLASS_DEFINITIONS, NAME_MAX_LENGTH, RACE_DEFINITIONS } from '@rpg/game';
import { ArrowRight } from 'lucide-react';
import type { Dispatch, FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import type { CreationDraft, DraftAction } from '../../lib/creation-draft';
import { ChoiceGroup } from './ChoiceGroup';
import { ChoiceInfo } from './ChoiceInfo';
import { CLASS_CHOICES, GENDER_CHOICES, RACE_CHOICES } from './choices';
import { StatsPreview } from './StatsPreview';

interface BasicInformationStepProps {
  draft: CreationDraft;
  dispatch: Dispatch<DraftAction>;
  /** Editing an existing character: race and class are shown but cannot change. */
  editing: boolean;
  onNext: () => void;
}

function FixedChoice({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-parchment-200">{term}</p>
      <p className="mt-1 flex h-11 items-center rounded-md border border-ink-600 bg-ink-950/40 px-3 text-parchment-100">{value}</p>
    </div>
  );
}

/** Step 1 (spec 01 section 2): name, race, class and gender, beside what the choices bring. */
export function BasicInformationStep({ draft, dispatch, editing, onNext }: BasicInformationStepProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onNext();
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card className="p-4 sm:p-6">
        <h2 className="text-2xl font-semibold text-gold-200">Basic Information</h2>
        <div className="mt-5 space-y-6">
          <TextField
            label="Character Name"
            name="name"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            placeholder="e.g. Aria Swiftwind"
            value={draft.name}
            onChange={(event) => dispatch({ type: 'set-name', name: event.target.value })}
          />
          {editing && draft.race && draft.characterClass ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FixedChoice term="Race" value={RACE_DEFINITIONS[draft.race].name} />
              <FixedChoice term="Class" value={CLASS_DEFINITIONS[draft.characterClass].name} />
              <p className="text-xs text-parchment-300 sm:col-span-2">Race and class are chosen at creation and cannot be changed.</p>
            </div>
          ) : (
            <>
              <ChoiceGroup
                legend="Race"
                choices={RACE_CHOICES}
                value={draft.race}
                onChange={(race) => dispatch({ type: 'set-race', race })}
                columns="grid-cols-2 sm:grid-cols-3 xl:grid-cols-5"
              />
              <ChoiceGroup
                legend="Class"
                choices={CLASS_CHOICES}
                value={draft.characterClass}
                onChange={(characterClass) => dispatch({ type: 'set-class', characterClass })}
                columns="grid-cols-2 sm:grid-cols-3 xl:grid-cols-4"
              />
            </>
          )}
          <ChoiceGroup
            legend="Gender"
            choices={GENDER_CHOICES}
            value={draft.gender}
            onChange={(gender) => dispatch({ type: 'set-gender', gender })}
            columns="grid-cols-2 sm:max-w-xs"
          />
        </div>
      </Card>

      <aside aria-label="Race and class information" className="space-y-4 lg:sticky lg:top-24 lg:self-start">
        <Card className="p-4 sm:p-5">
          <ChoiceInfo race={draft.race} characterClass={draft.characterClass} />
        </Card>
        <StatsPreview race={draft.race} characterClass={draft.characterClass} />
      </aside>

      {/*
        After the side panel, so that on phones the player reads it before moving on; under the
        form on wide screens, clear of the sticky panel and of the toasts in the corner.
      */}
      <div className="flex justify-end lg:col-start-1">
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          Next
          <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
