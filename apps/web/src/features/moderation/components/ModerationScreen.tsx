import type { Role } from '@rpg/game';
import { useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { AuditLogPanel } from './AuditLogPanel';
import { PenaltiesPanel } from './PenaltiesPanel';
import { QueuePanel } from './QueuePanel';
import { StaffPanel } from './StaffPanel';

type Tab = 'queue' | 'penalties' | 'log' | 'staff';
const TABS: ReadonlyArray<{ tab: Tab; label: string; adminOnly: boolean }> = [
  { tab: 'queue', label: 'Reports', adminOnly: false },
  { tab: 'penalties', label: 'Muted & suspended', adminOnly: false },
  { tab: 'log', label: 'Audit log', adminOnly: true },
  { tab: 'staff', label: 'Staff', adminOnly: true },
];

/** The moderation screen (issue 28): the queue, the penalties in force, and for admins the audit log and the staff. */
export function ModerationScreen({ role }: { role: Role }) {
  const tabs = TABS.filter((t) => !t.adminOnly || role === 'admin');
  const [current, setCurrent] = useState<Tab>('queue');
  // Arrow keys move between the tabs (WAI-ARIA tabs pattern); Tab moves into the panel.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const at = tabs.findIndex((t) => t.tab === current);
    const next = tabs[(at + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    setCurrent(next.tab);
    document.getElementById(`moderation-tab-${next.tab}`)?.focus();
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="font-display text-3xl font-bold text-gold-300">Moderation</h1>
      <div role="tablist" aria-label="Moderation" className="flex flex-wrap gap-1 border-b border-gold-700/30" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.tab}
            id={`moderation-tab-${t.tab}`}
            type="button"
            role="tab"
            aria-selected={current === t.tab}
            aria-controls={`moderation-panel-${t.tab}`}
            tabIndex={current === t.tab ? 0 : -1}
            onClick={() => setCurrent(t.tab)}
            className={cn(
              '-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-gold-300',
              current === t.tab ? 'border-gold-400 text-gold-300' : 'border-transparent text-parchment-300 hover:text-parchment-50',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`moderation-panel-${current}`} aria-labelledby={`moderation-tab-${current}`}>
        {current === 'queue' ? <QueuePanel /> : null}
        {current === 'penalties' ? <PenaltiesPanel /> : null}
        {current === 'log' ? <AuditLogPanel /> : null}
        {current === 'staff' ? <StaffPanel /> : null}
      </div>
    </div>
  );
}
