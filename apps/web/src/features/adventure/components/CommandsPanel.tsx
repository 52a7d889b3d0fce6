import { LoadErrorAlert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useCommandsQuery } from '../api/get-commands';

interface CommandsPanelProps {
  id: string;
  /** Puts '/name ' into the input. */
  onPick: (name: string) => void;
}

/**
 * The Commands toggle's panel: the server's command table as data (the one /help prints, so it
 * cannot drift), laid out as a list. A command's button puts it into the input.
 */
export function CommandsPanel({ id, onPick }: CommandsPanelProps) {
  const commands = useCommandsQuery();
  const list = commands.data;
  return (
    <section
      id={id}
      aria-label="Available commands"
      className={cn(
        'mx-3 mt-3 max-h-64 overflow-y-auto rounded-lg border border-gold-600/80 bg-gradient-to-b from-parchment-100',
        'to-parchment-200 p-3 text-ink-900 shadow-[inset_0_0_24px_rgb(124_90_22/0.25)] [scrollbar-width:thin]',
        'sm:max-h-72',
      )}
    >
      {list ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {list.groups.map((group) => (
            <div key={group.title}>
              <h3 className="mb-1 font-display text-sm font-semibold tracking-wide text-gold-700 uppercase">{group.title}</h3>
              <ul className="space-y-0.5">
                {group.commands.map((command) => (
                  <li key={command.name}>
                    <button
                      type="button"
                      onClick={() => onPick(command.name)}
                      className="w-full rounded px-1.5 py-1 text-left text-sm hover:bg-gold-500/20 focus-visible:outline-2 focus-visible:outline-gold-700"
                    >
                      <span className="font-semibold text-ink-950">{command.usage}</span>
                      {command.aliases.length > 0 ? <span className="text-ink-600"> ({command.aliases.map((alias) => `/${alias}`).join(', ')})</span> : null}
                      <span className="block text-xs text-ink-700">{command.description}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <p className="text-xs text-ink-700 italic sm:col-span-2">{list.note}</p>
        </div>
      ) : commands.isError ? (
        <LoadErrorAlert title="The commands could not be loaded." onRetry={() => void commands.refetch()} />
      ) : (
        <Spinner label="Loading the commands" className="flex justify-center py-4 [&>span:first-child]:size-6" />
      )}
    </section>
  );
}
