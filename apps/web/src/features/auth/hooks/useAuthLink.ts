import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { stripAuthLinkParams, type AuthLinkParams } from '../lib/link-params';

/**
 * Shows the toasts for an e-mail link that landed on /auth, once, then removes the link
 * parameters from the address bar (the page keeps showing the banner or error).
 */
export function useAuthLinkToasts(link: AuthLinkParams | null) {
  const location = useLocation();
  const navigate = useNavigate();
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
    navigate(
      { pathname: location.pathname, search: stripAuthLinkParams(location.search), hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [link, location, navigate]);
}
