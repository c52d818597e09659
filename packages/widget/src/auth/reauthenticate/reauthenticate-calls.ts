import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../../api/api-problem.ts';
import type { ApiClient } from '../../api/http.ts';

/**
 * The widget's half of the re-authentication policy (docs/auth.md "Re-authentication"): a
 * sensitive action the server refuses with 403 Errors.ReauthenticationRequired is retried once
 * after the person confirmed it is them (POST /auth/reauthenticate).
 */
export const REAUTH_CANCELLED: unique symbol = Symbol('portico.reauthCancelled');
export type ReauthCancelled = typeof REAUTH_CANCELLED;

export function isReauthenticationRequired(err: unknown): boolean {
  return err instanceof ApiProblem && err.status === 403 && err.code === ErrorCode.ReauthenticationRequired;
}

/**
 * Runs `action`; when it answers ReauthenticationRequired, `ask()` shows 'Confirm it's you' and
 * resolves true once the person confirmed (false: they cancelled), then the action runs once more.
 * Its second answer, good or bad, is the answer: the person is never asked twice for one action.
 */
export async function runWithReauthentication<T>(action: () => Promise<T>, ask: () => Promise<boolean>): Promise<T | ReauthCancelled> {
  try {
    return await action();
  } catch (err) {
    if (!isReauthenticationRequired(err)) throw err;
  }
  if (!(await ask())) return REAUTH_CANCELLED;
  return action();
}

export type ReauthenticationProof = { Password: string } | { GoogleIdToken: string };

/** POST /auth/reauthenticate: 204, or 400 with the error on Password / GoogleIdToken. */
export async function reauthenticate(api: ApiClient, proof: ReauthenticationProof): Promise<void> {
  await api.request('post', '/api/v1/auth/reauthenticate', { body: proof });
}
