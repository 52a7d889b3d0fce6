import { useReducer, useState } from 'react';
import { useLocation } from 'react-router';
import { PublicPage } from '@/components/PublicPage';
import { Card } from '@/components/ui/Card';
import { returnPathFrom } from '@/lib/return-path';
import { useAuth } from '../hooks/auth-context';
import { useAuthActions } from '../hooks/useAuthActions';
import { useAuthLinkToasts } from '../hooks/useAuthLink';
import { authFormReducer, initialAuthFormState, showsProcessing, type AuthFormState } from '../lib/form-state';
import { parseAuthLinkParams, type AuthLinkParams } from '../lib/link-params';
import { AlreadyLoggedInBanner, EmailConfirmedBanner, VerificationInfoAlert } from './AuthBanners';
import { CheckEmailPanel } from './CheckEmailPanel';
import { CredentialsForm } from './CredentialsForm';
import { ProcessingOverlay } from './ProcessingOverlay';

const HEADINGS = { login: 'Login', signup: 'Sign Up', 'check-email': 'Verify Your Email' } as const;

function initialState(link: AuthLinkParams | null): AuthFormState {
  return { ...initialAuthFormState, error: link?.error ?? null };
}

/** /auth: log in, sign up and e-mail verification (spec 01 sections 2 and 4). */
export function AuthPage() {
  const { user } = useAuth();
  const location = useLocation();
  const [link] = useState(() => parseAuthLinkParams(location.search));
  const [state, dispatch] = useReducer(authFormReducer, link, initialState);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const actions = useAuthActions({ email, password, code, dispatch, returnPath: returnPathFrom(location.state) });
  useAuthLinkToasts(link);

  const { mode } = state;
  const busy = state.busy !== null;

  return (
    <PublicPage>
      <div className="w-full max-w-md space-y-5">
        {link?.verified ? <EmailConfirmedBanner /> : null}
        {user ? (
          <AlreadyLoggedInBanner email={user.email} />
        ) : (
          <Card>
            <h1 className="mb-6 text-center text-3xl font-bold text-gold-300">{HEADINGS[mode]}</h1>
            {mode === 'check-email' ? (
              <CheckEmailPanel
                email={email.trim()}
                notice={state.notice}
                code={code}
                codeError={state.codeError}
                verifying={busy}
                resending={actions.resending}
                onCodeChange={setCode}
                onVerify={() => void actions.verifyCode()}
                onResend={() => void actions.resend()}
                onBackToLogin={() => dispatch({ type: 'back-to-login' })}
              />
            ) : (
              <CredentialsForm
                mode={mode}
                email={email}
                password={password}
                fieldErrors={state.fieldErrors}
                disabled={busy}
                onEmailChange={setEmail}
                onPasswordChange={setPassword}
                onSubmit={() => void (mode === 'login' ? actions.logIn() : actions.signUp())}
                onSwitchMode={() => dispatch({ type: 'switch', mode: mode === 'login' ? 'signup' : 'login' })}
              />
            )}
            {state.error ? (
              <p role="alert" className="mt-5 rounded-md border border-ember-500/50 bg-ember-900/50 p-3 text-sm text-ember-200">
                {state.error}
              </p>
            ) : null}
          </Card>
        )}
        {mode !== 'check-email' ? <VerificationInfoAlert /> : null}
      </div>
      {showsProcessing(state) ? <ProcessingOverlay /> : null}
    </PublicPage>
  );
}
