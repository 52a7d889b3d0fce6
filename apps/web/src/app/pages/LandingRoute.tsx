import { useAuth } from '@/features/auth/hooks/auth-context';
import { LandingPage, type LandingVisitor } from '@/features/landing/components/LandingPage';

/** / and /landing: the landing page fed with the session. */
export function LandingRoute() {
  const { user, isPending } = useAuth();
  const visitor: LandingVisitor = user ? { status: 'player', email: user.email } : isPending ? { status: 'loading' } : { status: 'guest' };
  return <LandingPage visitor={visitor} />;
}
