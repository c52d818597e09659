/**
 * Re-authentication ("sudo mode", issue 12): a sensitive action (changing the email or the
 * password, handing the account to someone else, removing the payment method, cancelling the
 * subscription) needs the person to have proved who they are recently on this session: signed
 * in, or confirmed with their password (or a fresh Google sign-in), within the window. The server
 * decides (auth/reauthentication.ts); the widget and demo mode use the same rule.
 * Import as `@portico/core/signin/reauthentication`.
 */

/** How long a sign-in or a confirmation counts as recent (docs/auth.md "Re-authentication"). */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

const WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;
/** A proof stamped slightly after `now` (another node's clock, a Google token's iat) still counts. */
const FUTURE_TOLERANCE_MS = 60_000;

/**
 * Whether a proof of identity made at `authenticatedAt` is recent at `now`: strictly less than the
 * window ago (exactly ten minutes is too old), and not from the future beyond a minute's skew.
 */
export function isRecentlyAuthenticated(authenticatedAt: Date, now: Date): boolean {
  const age = now.getTime() - authenticatedAt.getTime();
  return age < WINDOW_MS && age > -FUTURE_TOLERANCE_MS;
}
