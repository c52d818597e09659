import { subscribeToList } from '../email-lists/subscribe-to-list.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

export interface SubscribeLeadInput {
  personUid: string;
  listUid: string;
  ip: string | null;
  now: Date;
}

/**
 * The one place a lead submission subscribes its person to the form's email list (EmailListUid), in the
 * submission's transaction. The email-lists feature owns subscriptions, consent rows (source 'lead_form')
 * and the double opt-in mail; this hands the person over and wakes the outbox after the commit when a
 * confirmation mail was queued. Anyone can type anyone's address into a form, so a list a lead form
 * names should ask for double opt-in (docs/lead-forms.md).
 */
export async function subscribeLead(repos: UnitOfWork, input: SubscribeLeadInput, wakeOutbox: () => void): Promise<void> {
  const result = await subscribeToList(repos, { ...input, source: 'lead_form' });
  if (result.confirmationNeeded) repos.afterCommit(wakeOutbox);
}
