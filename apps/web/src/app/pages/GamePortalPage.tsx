import { Hammer } from 'lucide-react';
import { SignOutButton } from '@/features/auth/components/SignOutButton';
import { useAuth } from '@/features/auth/hooks/auth-context';

/** /game: the portal. The character grid arrives with the characters feature. */
export function GamePortalPage() {
  const { user } = useAuth();

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl py-10 text-center">
      <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
        Game Portal
      </h1>
      {user ? <p className="mt-3 text-lg break-words text-parchment-100">Welcome, {user.email}!</p> : null}
      <p className="mt-4 inline-flex items-center gap-2 text-parchment-300">
        <Hammer className="size-4 text-gold-500" aria-hidden="true" />
        This part of the realm is being built.
      </p>
      <div className="mt-8 flex justify-center">
        <SignOutButton label="Logout" variant="secondary" />
      </div>
    </section>
  );
}
