import type { Suggestions } from '../lib/completion';

interface CommandSuggestionsProps {
  id: string;
  suggestions: NonNullable<Suggestions>;
  /** A suggestion clicked: the line it makes. */
  onPick: (line: string) => void;
}

const row = 'flex w-full items-baseline gap-2 rounded px-2 py-1 text-left text-sm hover:bg-gold-500/15 focus-visible:bg-gold-500/15 focus-visible:outline-none';

/** Issue 44 point 7: the commands matching what is typed after '/', each with its help line, or one argument's values. */
export function CommandSuggestions({ id, suggestions, onPick }: CommandSuggestionsProps) {
  const label = suggestions.kind === 'commands' ? 'Matching commands' : `Values for ${suggestions.command.usage}`;
  return (
    <div id={id} role="region" aria-label={label} className="mx-3 mb-1 max-h-48 overflow-y-auto rounded-lg border border-gold-700/50 bg-ink-850 p-1 shadow-xl">
      <ul aria-label={label}>
        {suggestions.kind === 'commands'
          ? suggestions.commands.map((command) => (
              <li key={command.name}>
                <button type="button" tabIndex={-1} className={row} onClick={() => onPick(`/${command.name} `)}>
                  <code className="shrink-0 font-semibold text-gold-200">{command.usage}</code>
                  <span className="min-w-0 truncate text-parchment-300">{command.description}</span>
                </button>
              </li>
            ))
          : suggestions.values.map((value) => (
              <li key={value} className="inline-block">
                <button type="button" tabIndex={-1} className={row} onClick={() => onPick(value)}>
                  <code className="text-gold-200">{value}</code>
                </button>
              </li>
            ))}
      </ul>
      <p className="px-2 pt-1 text-xs text-parchment-400">Tab completes.</p>
    </div>
  );
}
