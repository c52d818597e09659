import './setup.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useWidget } from '../../../app/context.ts';
import { useApi, useApiQuery } from '../../../api/use-api-query.ts';
import { ErrorList } from '../../../components/error-list.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useAction } from '../../../components/use-action.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useProfileKey } from '../use-profile-key.ts';
import { deviceName, lastActive, placeName, sessionLabel, sessionName } from './session-labels.ts';
import { endOtherSessions, endSession, fetchSessions, type ProfileSession } from './sessions-calls.ts';

const CURRENT_BADGE = {
  display: 'inline-block', marginLeft: 8, padding: '1px 8px', borderRadius: 999, fontSize: 12, fontWeight: 600,
  border: '1px solid var(--portico-border)', color: 'var(--portico-text)', verticalAlign: 'middle',
} as const;
const COMPACT = { minHeight: 34, padding: '0 14px', fontSize: 14 } as const;

/** A list read this long ago is read again when the profile opens (another browser may have signed in). */
const FRESH_MS = 15_000;

/**
 * The person's sessions, one cached read shared by the section and the profile screen: the screen
 * starts it beside the profile read and shows both together, so the list does not push the page
 * down after the profile has appeared (a layout shift on host pages).
 */
export function useSessionsQuery() {
  return useApiQuery(useProfileKey('sessions'), fetchSessions, { maxAgeMs: FRESH_MS });
}

/**
 * 'Where you're signed in' on the profile (issue 12; docs/auth.md "Sessions: seeing and ending
 * them"): every live session with its browser, system, device, address, place and last activity,
 * 'This browser' on the current one; 'Sign out' beside each other one and 'Sign out of all other
 * sessions', each confirmed in place. An ended session's browser is refused at its next request.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const key = useProfileKey('sessions');
  const query = useSessionsQuery();
  const [confirming, setConfirming] = useState<string | null>(null);
  const ending = useAction(async (work: () => Promise<string>) => {
    try {
      actions.notify(await work());
      setConfirming(null);
      headingRef.current?.focus();
    } catch (err) {
      // Already ended elsewhere (404): the list read again shows that; anything else says so.
      if ((err as { status?: number }).status !== 404) throw err;
      setConfirming(null);
    } finally {
      query.refetch();
    }
  });
  const busy = ending.busy;
  const page = query.data;
  if (key === null) return null;

  const others = page?.items.filter((s) => !s.IsCurrent) ?? [];
  const hidden = page ? page.metadata.total - page.items.length : 0;

  const run = (work: () => Promise<string>) => ending.run(work);
  const endOne = (s: ProfileSession) => run(async () => {
    await endSession(api, s.Uid);
    return t('profileSessions.signedOutOne', { session: sessionName(s, t) });
  });
  const endOthers = () => run(async () => {
    const { Ended } = await endOtherSessions(api);
    return t('profileSessions.signedOutOthers', { count: Ended });
  });

  return (
    <section aria-labelledby={headingId} style={{ marginTop: 28 }}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="p-subheading" style={{ outline: 'none' }}>{t('profileSessions.heading')}</h3>
      <p className="p-muted p-small" style={{ marginTop: 4 }}>{t('profileSessions.intro')}</p>
      {!page && query.loading && <Spinner />}
      {query.problem && (
        <div style={{ marginTop: 12 }}>
          <div role="alert" className="p-errors p-errors-single" style={{ marginBottom: 0 }}><p>{t('profileSessions.loadFailed')}</p></div>
          <button type="button" className="p-btn p-btn-secondary" style={{ marginTop: 8 }} onClick={query.refetch}>{t('profileSessions.retry')}</button>
        </div>
      )}
      {ending.problem && <div style={{ marginTop: 12 }}><ErrorList errors={[{ code: 'profileSessions.endFailed' }]} /></div>}
      {page && (
        <ul className="p-groups" aria-label={t('profileSessions.listLabel')} aria-busy={query.loading || busy || undefined}>
          {page.items.map((s) => (
            <SessionRow key={s.Uid} session={s} busy={busy} confirming={confirming === s.Uid}
              onAsk={() => setConfirming(s.Uid)} onCancel={() => setConfirming(null)} onConfirm={() => void endOne(s)} />
          ))}
        </ul>
      )}
      {page && others.length === 0 && hidden === 0 && <p className="p-muted" style={{ marginTop: 12 }}>{t('profileSessions.onlyThisOne')}</p>}
      {page && hidden > 0 && <p className="p-muted p-small" style={{ marginTop: 8 }}>{t('profileSessions.more', { count: hidden })}</p>}
      {page && others.length + hidden > 0 && (
        <OthersAction count={others.length + hidden} busy={busy} confirming={confirming === 'others'}
          onAsk={() => setConfirming('others')} onCancel={() => setConfirming(null)} onConfirm={() => void endOthers()} />
      )}
    </section>
  );
}

interface ConfirmProps { busy: boolean; confirming: boolean; onAsk(): void; onCancel(): void; onConfirm(): void }

function SessionRow({ session: s, ...confirm }: { session: ProfileSession } & ConfirmProps) {
  const { t, i18n } = useTranslation();
  const name = sessionName(s, t);
  const label = sessionLabel(s, t);
  const place = placeName(s.Location, i18n.language);
  const when = lastActive(s.LastSeen, new Date(), i18n.language);
  const details = [deviceName(s, t), s.IpAddress ?? t('profileSessions.unknownAddress'), place].filter(Boolean).join(' · ');
  return (
    <li className="p-group" style={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <div style={{ minWidth: 0, flex: '1 1 220px' }}>
        <div className="p-group-value">
          {name}
          {s.IsCurrent && <span style={CURRENT_BADGE}>{t('profileSessions.thisBrowser')}</span>}
        </div>
        <div className="p-muted p-small" style={{ overflowWrap: 'anywhere' }}>{details}</div>
        <div className="p-muted p-small">
          {s.IsCurrent || when.kind === 'now' ? t('profileSessions.activeNow')
            : when.kind === 'relative' ? t('profileSessions.lastActive', { when: when.text }) : t('profileSessions.lastActiveOn', { date: when.text })}
        </div>
      </div>
      {!s.IsCurrent && (
        <Confirmable {...confirm} question={t('profileSessions.confirmOne', { session: name })}
          ask={t('profileSessions.signOut')} askLabel={t('profileSessions.signOutNamed', { session: label })}
          yes={t('profileSessions.confirmSignOut')} yesLabel={t('profileSessions.confirmSignOutNamed', { session: label })} link />
      )}
    </li>
  );
}

function OthersAction({ count, ...confirm }: { count: number } & ConfirmProps) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 16 }}>
      <Confirmable {...confirm} question={t('profileSessions.confirmOthers', { count })}
        ask={t('profileSessions.signOutOthers')} yes={t('profileSessions.confirmOthersButton')} />
    </div>
  );
}

/**
 * A button that asks once in place: the question and 'Yes' / 'Cancel' replace it, focus moves to
 * 'Yes', and Cancel (or Escape) puts it back on the button.
 */
function Confirmable(p: ConfirmProps & { question: string; ask: string; askLabel?: string; yes: string; yesLabel?: string; link?: boolean }) {
  const { t } = useTranslation();
  const askRef = useRef<HTMLButtonElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const backToAsk = useRef(false);
  useEffect(() => {
    if (p.confirming) yesRef.current?.focus();
    else if (backToAsk.current) askRef.current?.focus();
    backToAsk.current = false;
  }, [p.confirming]);
  const cancel = () => {
    backToAsk.current = true;
    p.onCancel();
  };
  if (!p.confirming) {
    return (
      <button ref={askRef} type="button" className={p.link ? 'p-link' : 'p-btn p-btn-secondary'} aria-label={p.askLabel} disabled={p.busy} onClick={p.onAsk}>
        {p.ask}
      </button>
    );
  }
  return (
    <div role="group" aria-label={p.question} style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-start' }}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); cancel(); } }}>
      <span className="p-small">{p.question}</span>
      <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <button ref={yesRef} type="button" className="p-btn p-btn-primary" style={COMPACT} aria-label={p.yesLabel} disabled={p.busy} onClick={p.onConfirm}>{p.yes}</button>
        <button type="button" className="p-btn p-btn-secondary" style={COMPACT} disabled={p.busy} onClick={cancel}>{t('profileSessions.cancel')}</button>
      </span>
    </div>
  );
}
