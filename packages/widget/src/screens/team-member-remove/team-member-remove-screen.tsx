import '../team/setup.ts';
import { useWidget } from '../../app/context.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ConfirmShell } from '../../components/confirm-shell.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { removeMember, TEAM_QUERY_PREFIX } from '../team/team-calls.ts';

/** teamMemberRemove (spec 2 sections 2 and 4): names the person; 'Remove team member' and Cancel both end on team. */
export default function TeamMemberRemoveScreen({ params }: ScreenProps<'teamMemberRemove'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const name = params.name ?? t('team.noName');
  const remove = useAction(async () => {
    if (!params.uid) return;
    await removeMember(api, params.uid);
    cache.invalidate(TEAM_QUERY_PREFIX);
    actions.notify(t('team.removeScreen.removed', { name }));
    actions.goTo('team');
  });

  return (
    <ConfirmShell
      heading={t('states.teamMemberRemove')} text={[t('team.removeScreen.text', { name })]}
      confirmLabel={t('team.removeScreen.confirm')} busyLabel={t('team.removeScreen.removing')} cancelLabel={t('team.removeScreen.cancel')}
      onConfirm={() => void remove.run()} onCancel={() => actions.goTo('team')}
      busy={remove.busy} disabled={!params.uid} errors={remove.errors} />
  );
}
