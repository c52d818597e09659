import type { SessionClaims } from '../auth/access-tokens.ts';

/** The console's tokens' own audience (core operator-rules.ts; the console UI checks it too). */
export { CONSOLE_TOKEN_AUDIENCE } from '@portico/core/operators/operator-rules';

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
