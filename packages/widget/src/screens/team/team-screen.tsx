import './setup.ts';
import { useState } from 'react';
import { displayName, fullName } from '@portico/core/profile/display-name';
import { TEAM_PAGE_SIZE } from '@portico/core/team/team-rules';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { EmailText } from '../../components/email-text.tsx';
import { useAction } from '../../components/use-action.ts';
import { formatMediumDate } from '../../i18n/format-date.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { STATE_TABLE, type ScreenProps } from '../../states.ts';
import {
  fetchPendingInvitations, fetchTeamPage, pendingQueryKey, resendInvitation, teamQueryKey, type TeamMember, type TeamPage,
} from './team-calls.ts';
import { useSession } from '../../session/use-session.ts';

/**
 * team (spec 2 section 2): the account's people 25 a page, the owner marked 'Account owner'; the
 * owner gets 'Make primary contact' and 'Remove' beside every other member, and 'Invite new team
 * member' while the seat and maximum-people rule allows one more (the server's Seats.CanInvite,
 * core team-rules). Per-user plans show the seats used and 'Edit number of units'. Pending invitations
 * (issue 15) are listed apart under the members: the address, when it was sent (medium style), and
 * for the owner 'Resend invitation' and 'Revoke' (the remove screen's confirm shell, in its
 * invitation wording). Each holds a seat, and the seat line says so.
 */
export default function TeamScreen(props: ScreenProps<'team'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const { claims } = useSession();
  const me = { personUid: claims?.personUid ?? null, isPrimary: claims?.isPrimary ?? false };
  const [offset, setOffset] = useState(props.params.offset ?? 0);
  const query = useApiQuery(teamQueryKey(claims?.accountUid ?? null, offset), (api) => fetchTeamPage(api, offset), { keepPrevious: true });
  const page = query.data;
  const [pendingOffset, setPendingOffset] = useState(0);
  const pending = useApiQuery(pendingQueryKey(claims?.accountUid ?? null, pendingOffset), (api) => fetchPendingInvitations(api, pendingOffset), { keepPrevious: true });

  return (
    <div>
      <ScreenHeading>{t('states.team')}</ScreenHeading>
      {query.problem && <ErrorList errors={problemErrors(query.problem)} />}
      {!page && query.loading && <Spinner />}
      {page && <Seats seats={page.Seats} owner={me.isPrimary} />}
      {page && (
        <>
          {page.items.length === 0
            ? <p className="p-muted">{t('team.empty')}</p>
            : (
              <ul className="p-groups" aria-label={t('team.members')} aria-busy={query.stale || undefined}>
                {page.items.map((m) => <MemberRow key={m.Uid} member={m} me={me} />)}
              </ul>
            )}
          <Pagination total={page.metadata.total} limit={TEAM_PAGE_SIZE} offset={offset} onOffset={setOffset}
            labels={{ region: t('team.pagination'), page: (n) => t('team.page', { page: n }) }} />
        </>
      )}
      {pending.problem && <ErrorList errors={problemErrors(pending.problem)} />}
      {pending.data && pending.data.items.length > 0 && (
        <PendingInvitations page={pending.data} offset={pendingOffset} onOffset={setPendingOffset} owner={me.isPrimary} onChanged={() => { query.refetch(); pending.refetch(); }} />
      )}
      {page && me.isPrimary && page.Seats.CanInvite && (
        <div className="p-form-actions" style={{ marginTop: 20 }}>
          <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('teamMemberInvite')}>{t('team.invite')}</button>
        </div>
      )}
    </div>
  );
}

function Seats({ seats, owner }: { seats: TeamPage['Seats']; owner: boolean }) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const unit = (seats.Quantity === 1 ? seats.UnitOfMeasure : seats.UnitOfMeasurePlural) ?? t('team.unitsFallback');
  const full = !seats.CanInvite && owner;
  return (
    <div style={{ marginBottom: 16 }}>
      {seats.IsPerUser && (
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
          <p className="p-lead" style={{ margin: 0 }}>{t('team.usingUnits', { used: seats.Members, total: seats.Quantity, unit })}</p>
          {/* Only once planOptionsChange has its screen: no control leads to 'not available yet' (issue 15). */}
          {owner && STATE_TABLE.planOptionsChange.built && <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('planOptionsChange')}>{t('team.editUnits')}</button>}
        </div>
      )}
      {seats.PendingInvitations > 0 && <p className="p-muted" style={{ marginTop: 8 }}>{t('team.pendingHoldSeats', { count: seats.PendingInvitations })}</p>}
      {seats.MaximumPeople !== null && <p className="p-muted" style={{ marginTop: 8 }}>{t('team.maximumPeople', { count: seats.MaximumPeople })}</p>}
      {full && <p className="p-muted" style={{ marginTop: 8 }}>{seats.IsPerUser && seats.Members >= seats.Quantity ? t('team.seatsFull') : t('team.maximumReached')}</p>}
    </div>
  );
}

function PendingInvitations({ page, offset, onOffset, owner, onChanged }: {
  page: TeamPage; offset: number; onOffset: (offset: number) => void; owner: boolean; onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="p-team-pending" style={{ marginTop: 24 }}>
      <h3 id="p-team-pending" className="p-group-label" style={{ fontSize: 14 }}>{t('team.pending.heading')}</h3>
      <ul className="p-groups" aria-label={t('team.pending.heading')}>
        {page.items.map((m) => <PendingRow key={m.Uid} invitation={m} owner={owner} onChanged={onChanged} />)}
      </ul>
      <Pagination total={page.metadata.total} limit={TEAM_PAGE_SIZE} offset={offset} onOffset={onOffset}
        labels={{ region: t('team.pending.pagination'), page: (n) => t('team.page', { page: n }) }} />
    </section>
  );
}

function PendingRow({ invitation, owner, onChanged }: { invitation: TeamMember; owner: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const { FirstName, LastName, Email } = invitation.Person;
  const name = fullName(FirstName, LastName);
  const resend = useAction(async () => {
    const answer = await resendInvitation(api, invitation.Uid);
    // Read again in place (the new 'Invited' date), without emptying the lists meanwhile.
    onChanged();
    actions.notify(t(answer.Sent ? 'team.pending.resent' : 'team.pending.justSent', { email: Email }));
  });
  return (
    <li className="p-group" style={{ flexWrap: 'wrap' }}>
      <div style={{ minWidth: 0, maxWidth: '100%' }}>
        <div className="p-group-value">{name ? name : <EmailText email={Email} />}</div>
        {name && <div className="p-muted" style={{ fontSize: 13 }}><EmailText email={Email} /></div>}
        <div className="p-pending-meta">
          {invitation.Invited ? t('team.pending.invitedOn', { date: formatMediumDate(invitation.Invited, i18n.language) }) : t('team.pending.invited')}
        </div>
        {resend.errors.length > 0 && <ErrorList errors={resend.errors} />}
      </div>
      {owner && (
        <div className="p-row-actions">
          <button type="button" className="p-link" aria-label={t('team.pending.resendNamed', { email: Email })} aria-busy={resend.busy || undefined}
            disabled={resend.busy} onClick={() => void resend.run()}>
            {resend.busy ? t('team.pending.resending') : t('team.pending.resend')}
          </button>
          <button type="button" className="p-link" aria-label={t('team.pending.revokeNamed', { email: Email })}
            onClick={() => actions.goTo('teamMemberRemove', { uid: invitation.Uid, name: name || Email, invitation: true })}>
            {t('team.pending.revoke')}
          </button>
        </div>
      )}
    </li>
  );
}

function MemberRow({ member, me }: { member: TeamMember; me: { personUid: string | null; isPrimary: boolean } }) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const { FirstName, LastName, Email } = member.Person;
  const name = displayName(FirstName, LastName, Email);
  const named = fullName(FirstName, LastName) !== '';
  return (
    <li className="p-group" style={{ flexWrap: 'wrap' }}>
      <div style={{ minWidth: 0, maxWidth: '100%' }}>
        {/* Without a name the address is the heading line: never '(no name)'. */}
        <div className="p-group-value">
          {named ? name : <EmailText email={Email} />}
          {member.Person.Uid === me.personUid && <span className="p-muted"> ({t('team.you')})</span>}
        </div>
        {named && <div className="p-muted" style={{ fontSize: 13 }}><EmailText email={Email} /></div>}
        {member.IsPrimary && <div className="p-group-label" style={{ marginTop: 4 }}>{t('team.owner')}</div>}
      </div>
      {me.isPrimary && !member.IsPrimary && (
        <div style={{ display: 'flex', gap: 16 }}>
          <button type="button" className="p-link" aria-label={t('team.makePrimaryNamed', { name })}
            onClick={() => actions.goTo('teamMemberPromote', { uid: member.Uid, name })}>
            {t('team.makePrimary')}
          </button>
          <button type="button" className="p-link" aria-label={t('team.removeNamed', { name })}
            onClick={() => actions.goTo('teamMemberRemove', { uid: member.Uid, name })}>
            {t('team.remove')}
          </button>
        </div>
      )}
    </li>
  );
}
