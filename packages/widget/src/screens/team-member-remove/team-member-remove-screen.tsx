import '../team/setup.ts';
import { useWidget } from '../../app/context.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ConfirmShell } from '../../components/confirm-shell.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { removeMember, revokeInvitation, TEAM_QUERY_PREFIX } from '../team/team-calls.ts';

/**
 * teamMemberRemove (spec 2 sections 2 and 4): names the person; 'Remove team member' and Cancel both
 * end on team. With `invitation` (a pending invitation's 'Revoke', issue 15) the same confirmation
 * withdraws the invitation instead: the server refuses it for someone who has joined meanwhile.
 */
export default function TeamMemberRemoveScreen({ params }: ScreenProps<'teamMemberRemove'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const name = params.name ?? t('team.noName');
  const revoking = params.invitation === true;
  const remove = useAction(async () => {
    if (!params.uid) return;
    if (revoking) await revokeInvitation(api, params.uid);
    else await removeMember(api, params.uid);
    cache.invalidate(TEAM_QUERY_PREFIX);
    actions.notify(t(revoking ? 'team.revokeScreen.revoked' : 'team.removeScreen.removed', { name }));
    actions.goTo('team');
  });

  return revoking
    ? (
      <ConfirmShell
        heading={t('team.revokeScreen.heading')} text={[t('team.revokeScreen.text', { name })]}
        confirmLabel={t('team.revokeScreen.confirm')} busyLabel={t('team.revokeScreen.revoking')} cancelLabel={t('team.removeScreen.cancel')}
        onConfirm={() => void remove.run()} onCancel={() => actions.goTo('team')}
        busy={remove.busy} disabled={!params.uid} errors={remove.errors} />
    )
    : (
      <ConfirmShell
        heading={t('states.teamMemberRemove')} text={[t('team.removeScreen.text', { name })]}
        confirmLabel={t('team.removeScreen.confirm')} busyLabel={t('team.removeScreen.removing')} cancelLabel={t('team.removeScreen.cancel')}
        onConfirm={() => void remove.run()} onCancel={() => actions.goTo('team')}
        busy={remove.busy} disabled={!params.uid} errors={remove.errors} />
    );
}
