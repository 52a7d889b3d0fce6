import { ChevronDown, ScrollText, Terminal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

interface ConsoleHeaderProps {
  titleId: string;
  commandsOpen: boolean;
  commandsPanelId: string;
  onToggleCommands: () => void;
  /** Other features' buttons (the casino's 'Cash Out' / 'Buy Chips'), put in by the page. */
  actions?: ReactNode;
}

/** Spec 02 §2 header: the title, the Commands toggle and the page's extra buttons. */
export function ConsoleHeader({ titleId, commandsOpen, commandsPanelId, onToggleCommands, actions }: ConsoleHeaderProps) {
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-gold-700/40 bg-gradient-to-b from-ink-800/90 to-ink-850/60 px-3 py-2.5 sm:px-4">
      <h2 id={titleId} className="mr-auto flex items-center gap-2 text-xl font-semibold text-gold-200">
        <Terminal className="size-5 text-gold-400" aria-hidden="true" />
        Adventure Chat
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={commandsOpen}
          aria-controls={commandsOpen ? commandsPanelId : undefined}
          onClick={onToggleCommands}
        >
          <ScrollText className="size-4" aria-hidden="true" />
          Commands
          <ChevronDown className={cn('size-3.5 transition-transform', commandsOpen && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
    </header>
  );
}
