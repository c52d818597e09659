import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * Under Errors.EmailNotConfirmed on the login screen (docs/auth.md "Unconfirmed email"): 'Send
 * the link again' mails a new confirmation link (the server answers the same for any address);
 * a failure (too many requests, no connection) goes to the form's error list through `onProblem`.
 */
export function UnconfirmedNotice({ email, resend, onProblem }: { email: string; resend(): Promise<void>; onProblem(problem: unknown): void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const click = async () => {
    if (state === 'sending') return;
    setState('sending');
    try {
      await resend();
      setState('sent');
    } catch (problem) {
      setState('idle');
      onProblem(problem);
    }
  };
  return (
    <div className="p-stack">
      <button type="button" className="p-btn p-btn-secondary p-btn-block" aria-disabled={state === 'sending' || undefined} onClick={() => { void click(); }}>
        {state === 'sending' ? t('signin.unconfirmed.sending') : t('signin.unconfirmed.resend')}
      </button>
      <p className="p-help" role="status">{state === 'sent' ? t('signin.unconfirmed.sent', { email }) : ''}</p>
    </div>
  );
}
