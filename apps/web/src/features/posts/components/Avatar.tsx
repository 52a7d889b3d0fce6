import { useState } from 'react';
import { cn } from '@/lib/cn';

/** A player's avatar, or the first letter of the name. */
export function Avatar({ name, url, small = false }: { name: string; url: string | null; small?: boolean }) {
  const [broken, setBroken] = useState(false);
  const size = small ? 'size-7 text-xs' : 'size-10 text-sm';
  if (url && !broken)
    return <img src={url} alt="" onError={() => setBroken(true)} className={cn(size, 'shrink-0 rounded-full border border-gold-700/60 object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(size, 'flex shrink-0 items-center justify-center rounded-full border border-ink-500 bg-ink-700 font-bold text-parchment-200')}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
