import { Spinner } from '@/components/ui/Spinner';
import { parseHelpText } from '../lib/help-text';

interface CommandsPanelProps {
  id: string;
  /** The newest /help answer in the console, or null while it is being asked for. */
  helpText: string | null;
  /** Puts '/name ' into the input. */
  onPick: (name: string) => void;
}

/**
 * The Commands toggle's panel: the server's own /help answer (generated from its command table, so
 * it cannot drift), laid out as a list. A command's button puts it into the input.
 */
export function CommandsPanel({ id, helpText, onPick }: CommandsPanelProps) {
  const list = helpText ? parseHelpText(helpText) : null;
  return (
    <section
      id={id}
      aria-label="Available commands"
      className="mx-3 mt-3 max-h-64 overflow-y-auto rounded-lg border border-gold-600/80 bg-gradient-to-b from-parchment-100 to-parchment-200 p-3 text-ink-900 shadow-[inset_0_0_24px_rgb(124_90_22/0.25)] [scrollbar-width:thin] sm:max-h-72"
    >
      {!helpText ? (
        <Spinner label="Loading the commands" className="flex justify-center py-4 [&>span:first-child]:size-6" />
      ) : !list || list.groups.length === 0 ? (
        <p className="text-sm whitespace-pre-wrap text-ink-800">{helpText}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {list.groups.map((group) => (
            <div key={group.title}>
              <h3 className="mb-1 font-display text-sm font-semibold tracking-wide text-gold-700 uppercase">{group.title}</h3>
              <ul className="space-y-0.5">
                {group.commands.map((command) => (
                  <li key={command.usage}>
                    <button
                      type="button"
                      onClick={() => onPick(command.name)}
                      className="w-full rounded px-1.5 py-1 text-left text-sm hover:bg-gold-500/20 focus-visible:outline-2 focus-visible:outline-gold-700"
                    >
                      <span className="font-semibold text-ink-950">{command.usage}</span>
                      {command.aliases.length > 0 ? <span className="text-ink-600"> ({command.aliases.join(', ')})</span> : null}
                      <span className="block text-xs text-ink-700">{command.help}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {list.notes.map((note) => (
            <p key={note} className="text-xs text-ink-700 italic sm:col-span-2">
              {note}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
