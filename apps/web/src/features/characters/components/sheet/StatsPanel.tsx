import type { CharacterView } from '@rpg/contract';
import { ArrowLeft, Pencil, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Vitals } from '../Vitals';
import { AttributesPanel } from './AttributesPanel';
import { GearGrid, type EquippedGearBySlot } from './GearGrid';

interface StatsPanelProps {
  character: CharacterView;
  equipped: EquippedGearBySlot;
  /** More buttons beside 'Store' (the drawers), composed by app/. */
  actions?: ReactNode;
  /** Shown under the attributes (the effective stats with gear). */
  gearStats?: ReactNode;
}

/** The sheet's centre: navigation, level and vitals, attributes and equipped gear. */
export function StatsPanel({ character, equipped, actions, gearStats }: StatsPanelProps) {
  const navigate = useNavigate();

  return (
    <Card className="space-y-6 p-4 sm:p-6 lg:self-start">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold text-gold-200">Stats</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" onClick={() => navigate('/play')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back
          </Button>
          <Button variant="secondary" size="sm" onClick={() => navigate(`/character-creation?edit=${encodeURIComponent(character.id)}`)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit Character
          </Button>
          <Button variant="secondary" size="sm" onClick={() => navigate('/store')}>
            <ShoppingBag className="size-4" aria-hidden="true" />
            Store
          </Button>
          {actions}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
        <p className="text-center sm:pr-4">
          <span className="block text-sm text-parchment-300">Level</span>
          <span className="font-display text-4xl font-bold text-gold-300 tabular-nums">{character.level}</span>
        </p>
        <Vitals character={character} />
      </div>
      <AttributesPanel character={character} />
      {gearStats}
      <GearGrid equipped={equipped} />
    </Card>
  );
}
