import type { Repositories } from '../unit-of-work.ts';

export interface SubscribeLeadInput {
  personUid: string;
  listUid: string;
  ip: string | null;
  now: Date;
}

/**
 * The one place a lead submission subscribes its person to the form's email list (EmailListUid), in the
 * submission's transaction. The email-lists feature owns subscriptions, consent rows and the double opt-in
 * mail; this function only hands the person over to it.
 */
export async function subscribeLead(repos: Repositories, input: SubscribeLeadInput): Promise<void> {
  // issue 18 merge: call email-lists/subscribe-to-list.ts
  //   await subscribeToList(repos, { personUid: input.personUid, listUid: input.listUid, source: 'lead_form', ip: input.ip, now: input.now });
  // Until then nothing is written: the list is named on the form and checked to exist, nothing more.
  void repos;
  void input;
}
