import './setup.ts';
import { useState } from 'react';
import { displayName, fullName } from '@portico/core/profile/display-name';
import { TEAM_PAGE_SIZE } from '@portico/core/team/team-rules';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { STATE_TABLE, type ScreenProps } from '../../states.ts';
import { fetchTeamPage, teamQueryKey, type TeamMember, type TeamPage } from './team-calls.ts';
import { useSession } from '../../session/use-session.ts';

/**
 * team (spec 2 section 2): the account's people 25 a page, the owner marked 'Account owner'; the
 * owner gets 'Make primary contact' and 'Remove' beside every other member, and 'Invite new team
 * member' while the seat and maximum-people rule allows one more (the server's Seats.CanInvite,
 * core team-rules). Per-user plans show the seats used and 'Edit number of units'.
 */
export default function TeamScreen(props: ScreenProps<'team'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const { claims } = useSession();
  const me = { personUid: claims?.personUid ?? null, isPrimary: claims?.isPrimary ?? false };
  const [offset, setOffset] = useState(props.params.offset ?? 0);
  const query = useApiQuery(teamQueryKey(claims?.accountUid ?? null, offset), (api) => fetchTeamPage(api, offset), { keepPrevious: true });
  const page = query.data;

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
      {seats.MaximumPeople !== null && <p className="p-muted" style={{ marginTop: 8 }}>{t('team.maximumPeople', { count: seats.MaximumPeople })}</p>}
      {full && <p className="p-muted" style={{ marginTop: 8 }}>{seats.IsPerUser && seats.Members >= seats.Quantity ? t('team.seatsFull') : t('team.maximumReached')}</p>}
    </div>
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
      <div style={{ minWidth: 0 }}>
        <div className="p-group-value">
          {named ? name : t('team.noName')}
          {member.Person.Uid === me.personUid && <span className="p-muted"> ({t('team.you')})</span>}
        </div>
        <div className="p-muted" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>{member.Person.Email}</div>
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
