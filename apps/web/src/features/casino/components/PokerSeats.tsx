import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { PokerGame } from '../lib/poker';
import { CardSlot, PlayingCard } from './PlayingCard';

type Seat = PokerGame['players'][number];

const COMMUNITY_SIZE = 5;

function SeatRow({ seat, title, cards }: { seat: Seat; title: string; cards: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" aria-label={title} role="group">
      <div className="min-w-0">
        <p className="font-display text-lg font-semibold break-words text-parchment-50">
          {title}
          {seat.folded ? <span className="ml-2 rounded-full bg-ember-900/70 px-2 py-0.5 text-xs text-ember-200">Folded</span> : null}
          {seat.isAllIn ? <span className="ml-2 rounded-full bg-gold-900/70 px-2 py-0.5 text-xs text-gold-200">All-in</span> : null}
        </p>
        <p className="text-sm text-parchment-300 tabular-nums">
          {seat.chips} chips · bet {seat.currentBet}
        </p>
      </div>
      <div className={cn('flex gap-2', seat.folded && 'opacity-50')}>{cards}</div>
    </div>
  );
}

/** The bot's seat (cards face down until the showdown), the board, and the player's seat. */
export function PokerSeats({ game }: { game: PokerGame }) {
  const [you, bot] = game.players;
  const botCards = bot.cards ?? [null, null];
  const empty = Math.max(0, COMMUNITY_SIZE - game.communityCards.length);
  return (
    <div className="space-y-4">
      <SeatRow
        seat={bot}
        title={bot.name}
        cards={botCards.map((card, index) => (
          <PlayingCard key={card ? card.display : `down-${index}`} card={card} />
        ))}
      />
      <div className="rounded-2xl border border-moss-900 bg-[radial-gradient(ellipse_at_center,#1c4a2a_0%,#0f2a18_75%)] px-3 py-4">
        <h3 className="sr-only">Community cards</h3>
        <div className="flex flex-wrap justify-center gap-2" role="group" aria-label="Community cards">
          {game.communityCards.map((card) => (
            <PlayingCard key={card.display} card={card} />
          ))}
          {Array.from({ length: empty }, (_, index) => (
            <CardSlot key={`slot-${index}`} />
          ))}
        </div>
      </div>
      <SeatRow
        seat={you}
        title="Your hand"
        cards={(you.cards ?? []).map((card) => (
          <PlayingCard key={card.display} card={card} />
        ))}
      />
    </div>
  );
}
