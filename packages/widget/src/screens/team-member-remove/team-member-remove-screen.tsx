import '../team/setup.ts';
import { useState } from 'react';
import { useWidget } from '../../app/context.ts';
import { ApiProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { removeMember, TEAM_QUERY_PREFIX } from '../team/team-calls.ts';

/** teamMemberRemove (spec 2 sections 2 and 4): names the person; 'Remove team member' and Cancel both end on team. */
export default function TeamMemberRemoveScreen({ params }: ScreenProps<'teamMemberRemove'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const name = params.name ?? t('team.noName');

  async function remove() {
    if (busy || !params.uid) return;
    setBusy(true);
    setProblem(null);
    try {
      await removeMember(api, params.uid);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiProblem) setProblem(err);
      else throw err;
      return;
    }
    cache.invalidate(TEAM_QUERY_PREFIX);
    actions.notify(t('team.removeScreen.removed', { name }));
    actions.goTo('team');
  }

  return (
    <div>
      <ScreenHeading>{t('states.teamMemberRemove')}</ScreenHeading>
      {problem && <ErrorList errors={problemErrors(problem)} />}
      <p style={{ marginBottom: 20 }}>{t('team.removeScreen.text', { name })}</p>
      <div className="p-form-actions">
        <button type="button" className="p-btn p-btn-primary" disabled={busy || !params.uid} onClick={() => void remove()}>{t('team.removeScreen.confirm')}</button>
        <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('team')}>{t('team.removeScreen.cancel')}</button>
      </div>
    </div>
  );
}
