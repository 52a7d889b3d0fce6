import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import type { AuthLinkParams } from '../lib/link-params';

/**
 * Shows the toasts for an e-mail link that landed on /auth, once per page load. The query stays
 * in the address bar (/auth?verified=1), so a reload shows the banner again.
 */
export function useAuthLinkToasts(link: AuthLinkParams | null) {
  const handled = useRef(false);

  useEffect(() => {
    if (!link || handled.current) return;
    handled.current = true;
    if (link.linkReceived) {
      toast.info('Email link received', { id: 'auth-link-received', description: "We're processing your authentication request." });
    }
    if (link.error) toast.error('Authentication error', { id: 'auth-link-error', description: link.error });
    if (link.verified) {
      toast.success('Email verified', { id: 'auth-link-verified', description: 'You may now sign in.' });
    }
  }, [link]);
}
