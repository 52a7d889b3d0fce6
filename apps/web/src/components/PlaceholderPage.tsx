import { Hammer } from 'lucide-react';

interface PlaceholderPageProps {
  title: string;
}

/** Stand-in for a screen a later issue builds: its title and one line. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl py-10 text-center">
      <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
        {title}
      </h1>
      <p className="mt-4 inline-flex items-center gap-2 text-parchment-300">
        <Hammer className="size-4 text-gold-500" aria-hidden="true" />
        This part of the realm is being built.
      </p>
    </section>
  );
}
