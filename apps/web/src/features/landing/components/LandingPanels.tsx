import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { GAME_FEATURES } from '../lib/features';

const JOURNEY_STEPS = [
  'Create your account with an e-mail address and a password.',
  'Confirm your e-mail with the link or the code we send you.',
  'Forge up to two heroes from ten races and twelve classes.',
] as const;

export function BeginJourneyPanel() {
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-2xl font-semibold text-gold-300">Begin Your Journey</h2>
      <p className="text-parchment-200">Your legend starts with a single step.</p>
      <ol className="space-y-3">
        {JOURNEY_STEPS.map((step, index) => (
          <li key={step} className="flex items-center gap-3 text-parchment-100">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full border border-gold-500/70 font-display font-semibold text-gold-300"
            >
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      <Link to="/auth" className={buttonClasses('primary', 'lg', 'mt-auto self-start')}>
        Join the Adventure
      </Link>
    </Card>
  );
}

export function GameFeaturesPanel() {
  return (
    <Card>
      <h2 className="text-2xl font-semibold text-gold-300">Game Features</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {GAME_FEATURES.map(({ title, description, icon: Icon }) => (
          <li key={title} className="flex gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-gold-400" aria-hidden="true" />
            <div>
              <p className="font-semibold text-parchment-50">{title}</p>
              <p className="text-sm text-parchment-300">{description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
