import type { MailedLinkDeps } from '../mail/mailed-link-deps.ts';
import type { ReauthenticationDeps } from '../auth/reauthentication.ts';

/** What the email change's use cases are given (passed in by app.ts, never imported). */
export interface EmailChangeDeps extends ReauthenticationDeps, MailedLinkDeps {}
