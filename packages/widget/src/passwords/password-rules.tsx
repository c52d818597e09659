import { useId } from 'react';
import type { PasswordPolicy } from '@portico/core';
import { effectiveMinimumLength, type PasswordRuleResult } from '@portico/core/passwords/password-policy';
import { useTranslation } from '../i18n/use-translation.ts';

const MET = <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M3 8.5l3 3 7-7" /></svg>;
const UNMET = <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" /></svg>;
const PENDING = <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><circle cx="8" cy="8" r="5" /></svg>;

/** The rules the policy turns on, in the server's order, before anything is typed (all pending). */
export function expectedRules(policy: PasswordPolicy): string[] {
  return [
    'MinimumLength',
    ...(policy.UpperLowerNumberRequired ? ['UpperLowerNumberRequired'] : []),
    ...(policy.SpecialCharacterRequired ? ['SpecialCharacterRequired'] : []),
    ...(policy.PasswordHistoryEnabled && policy.PasswordHistorySize > 0 ? ['PasswordHistoryEnabled'] : []),
    ...(policy.PersonalDataDisallowed ? ['PersonalDataDisallowed'] : []),
    'CommonPasswordDisallowed',
  ];
}

/**
 * The per-rule indicators beside a new-password field: each rule met, not met, or not checked
 * yet. Text says the state (not colour alone); the list is a polite live region so a screen
 * reader hears the result after the debounce, not every keystroke.
 */
export function PasswordRules({ id, policy, items, checking, newPerson = false }: {
  id: string; policy: PasswordPolicy; items: PasswordRuleResult[] | null; checking: boolean;
  /** A first password (the sign-up, or its set-password link): there are no earlier ones, so the history rule is not listed. */
  newPerson?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const byKey = new Map((items ?? []).map((i) => [i.PolicyKey, i.IsValid]));
  const keys = [...new Set([...expectedRules(policy), ...(items ?? []).map((i) => i.PolicyKey)])]
    .filter((key) => !(newPerson && key === 'PasswordHistoryEnabled'));
  const count = (key: string) => (key === 'MinimumLength' ? effectiveMinimumLength(policy) : policy.PasswordHistorySize);
  return (
    <div id={id}>
      <p id={headingId} className="p-rules-heading">{t('passwords.rules.heading')}{checking ? ` (${t('passwords.rules.checking')})` : ''}</p>
      <ul className="p-rules" aria-labelledby={headingId} aria-live="polite">
        {keys.map((key) => {
          const valid = byKey.get(key);
          const state = valid === undefined ? 'pending' : valid ? 'met' : 'unmet';
          return (
            <li key={key} className="p-rule" data-rule={key} data-state={state}>
              {state === 'met' ? MET : state === 'unmet' ? UNMET : PENDING}
              <span>
                {t(`passwords.rules.${key}`, { count: count(key), defaultValue: key })}
                {state !== 'pending' && <span className="p-sr-only">{`: ${t(state === 'met' ? 'passwords.rules.met' : 'passwords.rules.notMet')}`}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
