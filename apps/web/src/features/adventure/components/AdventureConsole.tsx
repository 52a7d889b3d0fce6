import type { WorldLand } from '@rpg/contract';
import { Tabs } from 'radix-ui';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useCommandsQuery } from '../api/get-commands';
import { flattenConsole, useConsoleQuery } from '../api/get-console';
import { useSendConsoleLine } from '../api/send-console-line';
import { useStartAdventure } from '../api/start-adventure';
import { useAdventureState } from '../hooks/useAdventureState';
import { useCommandHistory } from '../hooks/useCommandHistory';
import { useConsoleRefusal } from '../hooks/useConsoleRefusal';
import { CONSOLE_FILTERS, FILTER_LABELS, visibleMessages, type ConsoleFilter } from '../lib/filters';
import { AdventureBanner } from './AdventureBanner';
import { AdventureLauncher } from './AdventureLauncher';
import { AgainButton, type AgainChoice } from './AgainButton';
import { CommandsPanel } from './CommandsPanel';
import { ConsoleHeader } from './ConsoleHeader';
import { ConsoleInput } from './ConsoleInput';
import { EMPTY_CONSOLE_TEXT, MessageLog } from './MessageLog';

interface AdventureConsoleProps {
  characterId: string;
  /** The tab's socket is open: the server's pushes refresh what changes. */
  live: boolean;
  /** Slot in the header for other features' buttons (the casino's chip buttons). */
  headerActions?: ReactNode;
  /** Issue 42: each land's conditions now (the world, put in by the page), shown in the launcher. */
  lands?: readonly WorldLand[];
}

const tabTrigger = cn(
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-parchment-300 transition-colors',
  'hover:text-parchment-50 data-[state=active]:bg-gold-500/20 data-[state=active]:text-gold-200',
  'data-[state=active]:shadow-[inset_0_-2px_0_var(--color-gold-400)]',
);

/**
 * Spec 02 §2 'Adventure Chat panel': header, Commands list, the running adventure's banner, the
 * launcher, filter tabs, the log and the input. Everything it shows is the server's answer.
 */
export function AdventureConsole({ characterId, live, headerActions, lands }: AdventureConsoleProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const commandsId = `${ids}-commands`;
  const inputRef = useRef<HTMLInputElement>(null);

  const consoleQuery = useConsoleQuery(characterId);
  const commands = useCommandsQuery();
  const messages = useMemo(() => flattenConsole(consoleQuery.data), [consoleQuery.data]);
  const send = useSendConsoleLine(characterId, live);
  const history = useCommandHistory(characterId);
  const adventure = useAdventureState(characterId, live);
  const start = useStartAdventure(characterId);
  const refusal = useConsoleRefusal([consoleQuery, adventure.query], [send, start]);

  const [filter, setFilter] = useState<ConsoleFilter>('all');
  const [line, setLine] = useState('');
  const [commandsOpen, setCommandsOpen] = useState(false);

  const shown = useMemo(() => visibleMessages(messages, filter), [messages, filter]);
  // Issue 44 "Again": with no adventure running, the last one's place and level, once more.
  const again: AgainChoice | null = !adventure.current && adventure.lastOutcome ? adventure.lastOutcome : null;
  const startAgain = ({ location, level }: AgainChoice) => start.mutate({ location, level });
  const lastReturnId = useMemo(() => messages.findLast((m) => m.kind === 'adventure-return')?.id ?? null, [messages]);

  const submit = (text: string) => {
    history.record(text);
    setLine('');
    send.mutate(text, { onError: () => setLine((typed) => typed || text) });
  };

  const pickCommand = (name: string) => {
    setLine(`/${name} `);
    inputRef.current?.focus();
  };

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex h-[min(44rem,86dvh)] min-h-[34rem] flex-col overflow-hidden',
        'rounded-xl border border-gold-700/50 bg-ink-900/95',
        'shadow-[0_0_0_1px_rgb(0_0_0/0.6),0_18px_50px_-18px_rgb(0_0_0/0.9),inset_0_1px_0_rgb(240_213_138/0.08)]',
        'lg:h-[850px]',
      )}
    >
      <ConsoleHeader
        titleId={titleId}
        commandsOpen={commandsOpen}
        commandsPanelId={commandsId}
        onToggleCommands={() => setCommandsOpen((open) => !open)}
        actions={headerActions}
      />
      {commandsOpen ? <CommandsPanel id={commandsId} onPick={pickCommand} /> : null}
      {adventure.current ? <AdventureBanner adventure={adventure.current} remaining={adventure.remaining} /> : null}
      {adventure.launcher ? (
        <AdventureLauncher
          locations={adventure.launcher.locations}
          lands={lands}
          starting={start.isPending}
          onStart={(location, level) => start.mutate({ location, level })}
        />
      ) : adventure.query.isError ? (
        <LoadErrorAlert title="The adventure board could not be loaded." onRetry={() => void adventure.query.refetch()} className="mx-3 mt-3" />
      ) : null}
      {again ? <AgainButton choice={again} starting={start.isPending} onAgain={startAgain} className="mx-3 mt-2 self-start" /> : null}

      <Tabs.Root value={filter} onValueChange={(value) => setFilter(value as ConsoleFilter)} className="mt-3 flex min-h-0 flex-1 flex-col">
        <Tabs.List aria-label="Filter messages" className="mx-3 flex gap-1 rounded-lg border border-ink-600 bg-ink-950/60 p-1">
          {CONSOLE_FILTERS.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabTrigger}>
              {FILTER_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {CONSOLE_FILTERS.map((value) => (
          <Tabs.Content
            key={value}
            value={value}
            tabIndex={-1}
            className="mx-3 mt-2 mb-3 min-h-0 flex-1 overflow-hidden rounded-lg border border-ink-600/80 bg-[radial-gradient(ellipse_at_top,rgb(201_154_54/0.06),transparent_60%)] bg-ink-950/70"
          >
            {value !== filter ? null : consoleQuery.isPending ? (
              <div className="flex h-full items-center justify-center">
                <Spinner label="Loading messages" />
              </div>
            ) : consoleQuery.isError && !consoleQuery.data ? (
              <LoadErrorAlert title="The messages could not be loaded." onRetry={() => void consoleQuery.refetch()} className="m-3" />
            ) : (
              <MessageLog
                messages={shown}
                filterLabel={FILTER_LABELS[value]}
                emptyText={value === 'all' || messages.length === 0 ? EMPTY_CONSOLE_TEXT : `No ${FILTER_LABELS[value].toLowerCase()} messages yet.`}
                hasMore={consoleQuery.hasNextPage}
                loadingEarlier={consoleQuery.isFetchingNextPage}
                onLoadEarlier={() => void consoleQuery.fetchNextPage()}
                lineAction={
                  again && lastReturnId !== null
                    ? { id: lastReturnId, node: <AgainButton choice={again} starting={start.isPending} onAgain={startAgain} /> }
                    : null
                }
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {refusal ? (
        <p role="alert" data-kind="refusal" className="mx-3 mb-2 rounded-md border border-ember-500/50 bg-ember-900/40 px-3 py-2 text-sm text-ember-200">
          {refusal}
        </p>
      ) : null}

      <ConsoleInput
        value={line}
        onChange={(value) => {
          setLine(value);
          history.leave();
        }}
        onRecall={setLine}
        onSubmit={submit}
        pending={send.isPending}
        onOlder={history.older}
        onNewer={history.newer}
        inputRef={inputRef}
        commands={commands.data}
      />
    </section>
  );
}
