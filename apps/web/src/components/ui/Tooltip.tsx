import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/** Spec 02 section 9: tooltips open after 200 ms. */
export const TOOLTIP_DELAY_MS = 200;

interface TooltipProps {
  /** The element that shows the tooltip on hover and on keyboard focus (a button). */
  children: ReactNode;
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** A Radix tooltip: opens on hover or focus, closes on Escape, describes its trigger. */
export function Tooltip({ children, content, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-[60] max-w-72 rounded-lg border border-gold-700/50 bg-ink-800 px-3 py-2 text-sm text-parchment-100 shadow-xl"
          >
            {content}
            <RadixTooltip.Arrow className="fill-ink-800" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
