import type { ChatMessageView } from '@rpg/contract';
import { isRace } from '@rpg/game';
import { Crown, Flag, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { CharacterPortrait } from '@/components/portrait/CharacterPortrait';
import { cn } from '@/lib/cn';

interface ChatLineProps {
  line: ChatMessageView;
  /** Said by the signed-in player: no report or mute. */
  mine: boolean;
  onReport: (line: ChatMessageView) => void;
  onMute: (line: ChatMessageView) => void;
}

const capitalize = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);
const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The character as it was when the line was said: its uploaded picture, else the portrait the sheet
 * draws from its appearance (small), else its initial (lines older than the snapshot).
 */
function Portrait({ line }: { line: ChatMessageView }) {
  const [broken, setBroken] = useState(false);
  const system = line.kind === 'system';
  if (line.character.portraitUrl && !broken) {
    return (
      <img
        src={line.character.portraitUrl}
        alt=""
        onError={() => setBroken(true)}
        className="size-9 shrink-0 rounded-full border border-gold-700/60 object-cover"
      />
    );
  }
  const { appearance, race } = line.character;
  if (appearance) {
    return (
      <span className="size-9 shrink-0 overflow-hidden rounded-full border border-gold-700/60" data-testid="chat-portrait">
        <CharacterPortrait appearance={appearance} race={isRace(race) ? race : null} className="size-full scale-150" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full border font-display text-sm font-bold',
        system ? 'border-gold-400 bg-gold-500/20 text-gold-300' : 'border-ink-500 bg-ink-700 text-parchment-200',
      )}
    >
      {system ? <Crown className="size-4" /> : line.character.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Spec 03 §3 chat message: the character snapshot (portrait, name, race, level), the player's name and the text, as text. */
export function ChatLine({ line, mine, onReport, onMute }: ChatLineProps) {
  const system = line.kind === 'system';
  const who = line.username ?? line.character.name;
  return (
    <li className={cn('group flex gap-3 rounded-md px-2 py-2', system ? 'bg-gold-500/10' : 'hover:bg-ink-800/60')} data-testid="chat-line">
      <Portrait line={line} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className={cn('font-semibold', system ? 'text-gold-300' : 'text-parchment-50')}>{line.character.name}</span>
          {line.title ? <span className="text-xs font-semibold text-gold-300">{line.title}</span> : null}
          <span className="text-xs text-parchment-300">
            {system ? '' : `${capitalize(line.character.race)} · `}Lv {line.character.level}
          </span>
          {!system && line.username ? <span className="text-xs text-parchment-400">@{line.username}</span> : null}
          <time dateTime={line.createdAt} className="text-xs text-parchment-400">
            {time(line.createdAt)}
          </time>
        </p>
        <p className="text-sm break-words whitespace-pre-wrap text-parchment-100">{line.text}</p>
      </div>
      {!system && !mine && line.userId ? (
        <div className="flex shrink-0 items-start gap-1 opacity-70 group-hover:opacity-100 focus-within:opacity-100">
          <button
            type="button"
            onClick={() => onReport(line)}
            aria-label={`Report message from ${who}`}
            title="Report"
            className="rounded p-1.5 text-parchment-300 hover:bg-ink-700 hover:text-ember-400 focus-visible:outline-2 focus-visible:outline-gold-300"
          >
            <Flag className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => onMute(line)}
            aria-label={`Mute ${who}`}
            title="Mute"
            className="rounded p-1.5 text-parchment-300 hover:bg-ink-700 hover:text-parchment-50 focus-visible:outline-2 focus-visible:outline-gold-300"
          >
            <VolumeX className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </li>
  );
}
