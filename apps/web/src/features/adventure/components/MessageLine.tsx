import type { ConsoleMessage } from '@rpg/contract';
import { CircleAlert, CircleCheck, Compass, Dices, Flag, Info, Spade, Sparkles, User, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatClock } from '../lib/time-format';

interface KindStyle {
  /** Read before the line by screen readers, and shown as the line's badge. */
  label: string;
  icon: LucideIcon;
  /** The line's frame: a coloured edge and a faint wash. */
  frame: string;
  iconColour: string;
  text: string;
}

/** Spec 02 §2: each kind styled distinctly. Unknown kinds look like system lines. */
const STYLES: Record<string, KindStyle> = {
  user: { label: 'You', icon: User, frame: 'border-gold-400/70 bg-gold-500/[0.07]', iconColour: 'text-gold-300', text: 'text-parchment-50' },
  system: { label: 'System', icon: Info, frame: 'border-ink-500 bg-ink-800/40', iconColour: 'text-parchment-400', text: 'text-parchment-200' },
  roll: { label: 'Dice roll', icon: Dices, frame: 'border-violet-400/70 bg-violet-500/[0.08]', iconColour: 'text-violet-300', text: 'text-violet-100' },
  'adventure-start': {
    label: 'Adventure start',
    icon: Compass,
    frame: 'border-amber-500/70 bg-amber-500/[0.08]',
    iconColour: 'text-amber-300',
    text: 'text-amber-50',
  },
  'adventure-return': {
    label: 'Adventure return',
    icon: Flag,
    frame: 'border-teal-400/70 bg-teal-500/[0.08]',
    iconColour: 'text-teal-300',
    text: 'text-teal-50',
  },
  poker: { label: 'Poker', icon: Spade, frame: 'border-emerald-500/70 bg-emerald-600/[0.1]', iconColour: 'text-emerald-300', text: 'text-emerald-50' },
  mana: { label: 'Mana', icon: Sparkles, frame: 'border-sky-400/70 bg-sky-500/[0.08]', iconColour: 'text-sky-300', text: 'text-sky-50' },
  success: { label: 'Success', icon: CircleCheck, frame: 'border-moss-400/70 bg-moss-400/[0.08]', iconColour: 'text-moss-300', text: 'text-moss-300' },
  error: { label: 'Error', icon: CircleAlert, frame: 'border-ember-500/80 bg-ember-500/[0.1]', iconColour: 'text-ember-300', text: 'text-ember-200' },
};

export function kindStyle(kind: string): KindStyle {
  return STYLES[kind] ?? (STYLES.system as KindStyle);
}

interface MessageLineProps {
  message: ConsoleMessage;
  /** The line continues the block above (same kind and sender): no icon or header of its own. */
  continued?: boolean;
  /** A button under the text (the newest return line's Again). */
  action?: ReactNode;
}

/** One console line: kind icon and badge, sender, time, and the text (line breaks kept). */
export function MessageLine({ message, continued = false, action }: MessageLineProps) {
  const style = kindStyle(message.kind);
  const Icon = style.icon;
  const showSender = message.kind === 'user' || message.sender !== 'System';
  return (
    <li
      data-kind={message.kind}
      className={cn('flex gap-2.5 border-l-[3px] px-3', continued ? '-mt-1.5 rounded-b-md pt-0.5 pb-2' : 'mt-1.5 rounded-md pt-2 pb-2', style.frame)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', style.iconColour, continued && 'invisible')} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className={cn('flex flex-wrap items-baseline gap-x-2 text-xs', continued && 'sr-only')}>
          <span className={cn('font-semibold tracking-wide uppercase', style.iconColour)}>{style.label}</span>
          {showSender ? <span className="font-medium text-parchment-300">{message.sender}</span> : null}
          <time dateTime={message.createdAt} className="ml-auto text-parchment-400 tabular-nums">
            {formatClock(message.createdAt)}
          </time>
        </p>
        <p className={cn('mt-0.5 text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap', style.text)}>
          <span className="sr-only">: </span>
          {message.content}
        </p>
        {action ? <div className="mt-1.5">{action}</div> : null}
      </div>
    </li>
  );
}
