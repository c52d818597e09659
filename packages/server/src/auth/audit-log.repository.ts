import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

export type AuditAction = 'signin.success' | 'signin.failure' | 'signin.refused' | 'logout' | 'account.switch'
  | 'team.invite' | 'team.invite.resend' | 'team.invite.revoke' | 'team.promote' | 'team.remove' | 'password.forgot' | 'password.reset' | 'password.change'
  // The person's session list (sessions/): one session ended, all but the current one; the admin ending all of a person's.
  | 'session.end' | 'session.end-others' | 'admin.sessions.end'
  // Re-authentication (auth/reauthentication.ts) and the email change (email-change/).
  | 'reauthenticate' | 'reauthenticate.failure' | 'email.change.request' | 'email.change' | 'email.change.undo'
  // A sign-in while the account's limit is tripped (docs/auth.md "Lockout and known browsers"): a code asked for, a code mailed.
  | 'signin.code-required' | 'signin.code-sent'
  // "Send the link again" of an unconfirmed email (registration/resend-confirmation.ts).
  | 'email.confirmation-resend'
  // Cancel and restore (cancellations/), the retention offer accepted.
  | 'plan.cancel' | 'plan.restore' | 'plan.retention-offer.accept'
  // The community server (issue 18 discord; community/).
  | 'community.discord.connect' | 'community.discord.disconnect'
  // An operator's invitation to the console, mailed or mailed again (operators/operator-invitation.ts; issue 20).
  | 'operator.invite' | 'operator.invite.resend';

export interface AuditEntry {
  uid: string;
  at: Date;
  actor: string | null;
  action: AuditAction;
  target: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

/**
 * Writes the audit log (append-only). The one other writer is sign-in.repository.ts's
 * insertSessionWithAudit: a sign-in's session row and its signin.success entry in one statement.
 */
export function auditLogRepository(db: Db) {
  return {
    async append(e: AuditEntry): Promise<void> {
      await db.insert(auditLog).values(e);
    },
    /** Newest first; for operators and tests. */
    async recent(limit = 50, action?: AuditAction): Promise<AuditEntry[]> {
      const q = db.select().from(auditLog);
      const rows = await (action ? q.where(eq(auditLog.action, action)) : q).orderBy(desc(auditLog.at)).limit(limit);
      return rows as AuditEntry[];
    },
  };
}

export type AuditLogRepository = ReturnType<typeof auditLogRepository>;
