import type { CharacterView } from '@rpg/contract';
import { attributePointsSpent, PRIMARY_ATTRIBUTES, type UpgradableAttribute } from '@rpg/game';
import { Plus, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useResetAttributes } from '../../api/reset-attributes';
import { useUpgradeAttribute } from '../../api/upgrade-attribute';
import { ATTRIBUTE_LABELS } from '../../lib/labels';

const SECONDARY_ATTRIBUTES = ['attack', 'magicPower', 'speed', 'defense'] as const satisfies readonly UpgradableAttribute[];

interface AttributeListProps {
  title: string;
  attributes: readonly UpgradableAttribute[];
  character: CharacterView;
  canUpgrade: boolean;
  busy: boolean;
  onUpgrade: (attribute: UpgradableAttribute) => void;
}

function AttributeList({ title, attributes, character, canUpgrade, busy, onUpgrade }: AttributeListProps) {
  return (
    <div>
      <h4 className="text-sm font-semibold tracking-wide text-parchment-300 uppercase">{title}</h4>
      <ul className="mt-2 space-y-1.5">
        {attributes.map((attribute) => {
          const label = ATTRIBUTE_LABELS[attribute];
          const spent = character.spentAttributePoints[attribute] ?? 0;
          return (
            <li key={attribute} className="flex h-9 items-center justify-between gap-2 rounded-md bg-ink-950/40 px-3">
              <span className="text-parchment-200">{label}</span>
              <span className="flex items-center gap-2">
                {spent > 0 ? <span className="text-xs text-moss-300">(+{spent})</span> : null}
                <span className="font-semibold text-parchment-50 tabular-nums">{character.attributes[attribute]}</span>
                {canUpgrade ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="size-7 px-0"
                    aria-label={`Upgrade ${label}`}
                    title={`Upgrade ${label}`}
                    disabled={busy}
                    onClick={() => onUpgrade(attribute)}
                  >
                    <Plus className="size-3.5" aria-hidden="true" />
                  </Button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Spec 02 section 2 and DECISIONS section 3: the upgrade buttons show only while points are
 * available; 'Reset Points' is enabled once a point is spent.
 */
export function AttributesPanel({ character }: { character: CharacterView }) {
  const upgrade = useUpgradeAttribute();
  const reset = useResetAttributes();
  const available = character.availableAttributePoints;
  const spent = attributePointsSpent(character.spentAttributePoints);
  const busy = upgrade.isPending || reset.isPending;
  const onUpgrade = (attribute: UpgradableAttribute) => upgrade.mutate({ id: character.id, attribute });
  const shared = { character, canUpgrade: available > 0, busy, onUpgrade };

  return (
    <section aria-labelledby="attributes-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="attributes-title" className="text-lg font-semibold text-gold-200">
          Attributes
        </h3>
        <p aria-live="polite" className="text-sm text-parchment-200">
          Available Points: <span className="font-semibold text-gold-300 tabular-nums">{available}</span>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <AttributeList title="Primary" attributes={PRIMARY_ATTRIBUTES} {...shared} />
        <AttributeList title="Secondary" attributes={SECONDARY_ATTRIBUTES} {...shared} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" disabled={spent === 0 || busy} onClick={() => reset.mutate(character.id)}>
          <RotateCcw className="size-4" aria-hidden="true" />
          Reset Points
        </Button>
        <span className="text-xs text-parchment-300">You earn 3 points with every level.</span>
      </div>
    </section>
  );
}
