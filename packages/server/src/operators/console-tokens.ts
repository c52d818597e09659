import type { SessionClaims } from '../auth/access-tokens.ts';

/**
 * The console's tokens have their own audience: the member guard (audience 'portico') refuses them,
 * and the operator guard refuses members' (docs/console.md "Tokens and audiences").
 */
export const CONSOLE_TOKEN_AUDIENCE = 'portico-console';

/** What an operator's access token says. */
export interface OperatorClaims extends SessionClaims {
  /** The operator's uid. */
  sub: string;
  sid: string;
  email: string;
  name: string;
  initials: string;
  role: 'agent' | 'admin';
}
