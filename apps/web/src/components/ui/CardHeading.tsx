import type { LucideIcon } from 'lucide-react';

/** A card's title with its icon (the settings screen's cards). */
export function CardHeading({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <h2 className="flex items-center gap-2 text-2xl font-semibold text-gold-200">
      <Icon className="size-6 text-gold-400" aria-hidden="true" />
      {children}
    </h2>
  );
}
