import '../team/setup.ts';
import { useMemo, useRef } from 'react';
import type { FieldError, WireFieldConfigurationEntry } from '@portico/core';
import { configuredFields } from '@portico/core/fields/index';
import { useWidget } from '../../app/context.ts';
import { ApiProblem } from '../../api/api-problem.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { inviteMember, TEAM_QUERY_PREFIX } from '../team/team-calls.ts';

const field = (SystemName: string, Label: string, ControlType: 'Email' | 'Text', required: boolean): WireFieldConfigurationEntry => ({
  Behavior: required ? 'SystemRequired' : 'Editable', Group: null,
  Definition: { Uid: `invite-${SystemName}`, EntityType: 'Person', SystemName, Label, ControlType, ControlParams: ControlType === 'Text' ? JSON.stringify({ MaxLength: 100 }) : null },
});

// The server names the invite's own fields (Email); the form's paths are the Person's (Person.Email).
const onPersonPaths = (errors: readonly FieldError[]): FieldError[] => errors.map((e) => (/^(Email|FirstName|LastName)$/.test(e.Field) ? { ...e, Field: `Person.${e.Field}` } : e));

/** teamMemberInvite (spec 2 section 2 and 5): Email required, names optional; back to team with a notice. */
export default function TeamMemberInviteScreen() {
  const { t } = useTranslation();
  const { actions, headingId } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const fields = useMemo(() => configuredFields([
    field('Email', t('team.inviteForm.email'), 'Email', true),
    field('FirstName', t('team.inviteForm.firstName'), 'Text', false),
    field('LastName', t('team.inviteForm.lastName'), 'Text', false),
  ]), [t]);
  const form = useForm({ fields });
  // One key per filled-in form: a double click (or a retry after a lost answer) invites once.
  const key = useRef(`invite-${crypto.randomUUID()}`);

  const send = form.handleSubmit(async ({ payload }) => {
    const person = (payload.Person ?? {}) as { Email: string; FirstName?: string; LastName?: string };
    try {
      await inviteMember(api, {
        Email: person.Email, ...(person.FirstName ? { FirstName: person.FirstName } : {}), ...(person.LastName ? { LastName: person.LastName } : {}),
      }, key.current);
    } catch (err) {
      if (err instanceof ApiProblem) {
        key.current = `invite-${crypto.randomUUID()}`;
        return { code: err.code, message: err.message, fieldErrors: onPersonPaths(err.fieldErrors) };
      }
      throw err;
    }
    cache.invalidate(TEAM_QUERY_PREFIX);
    actions.notify(t('team.inviteForm.sent', { email: person.Email }));
    actions.goTo('team');
    return undefined;
  });

  return (
    <div>
      <ScreenHeading>{t('states.teamMemberInvite')}</ScreenHeading>
      <p className="p-lead">{t('team.inviteForm.lead')}</p>
      <form className="p-form" noValidate onSubmit={send} aria-labelledby={headingId}>
        <ErrorList errors={form.errorList} />
        <ConfiguredFields form={form} />
        <div className="p-form-actions">
          <button type="submit" className="p-btn p-btn-primary" disabled={form.busy}>{t('team.inviteForm.submit')}</button>
          <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('team')}>{t('team.inviteForm.cancel')}</button>
        </div>
      </form>
    </div>
  );
}
