import { Link } from 'react-router';

/** Issue 43: the terms and privacy pages, linked from every footer. */
export function LegalLinks() {
  return (
    <nav aria-label="Legal" className="mt-2 flex justify-center gap-4">
      <Link to="/terms" className="text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline">
        Terms of Use
      </Link>
      <Link to="/privacy" className="text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline">
        Privacy Notice
      </Link>
    </nav>
  );
}
