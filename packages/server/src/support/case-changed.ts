import { caseChangedMessage } from '@portico/core/operators/console-feed-protocol';
import type { EventBus } from '../bus/event-bus.ts';

/**
 * Bus topic: a support case's inbox row or conversation changed (message: `caseChangedMessage`). Every
 * node's console feed (operators/console-feed.ts) tells its connected operators; docs/console.md "Live updates".
 */
export const CASE_CHANGED_TOPIC = 'support.case-changed';

/** What the writers need of the bus (their deps carry the app's `ctx.bus`). */
export type CaseChangedBus = Pick<EventBus, 'publish'>;

/**
 * Tells every node that `caseUid` changed. The one way the case's writers (chat messages and files,
 * the help form, inbound mail, the console's reply, close, reopen, assign) announce it, always from
 * `repos.afterCommit(...)`: a console that reloads on the event then reads the committed rows.
 */
export function announceCaseChanged(bus: CaseChangedBus, caseUid: string, updated: Date): Promise<void> {
  return bus.publish(CASE_CHANGED_TOPIC, caseChangedMessage(caseUid, updated));
}
