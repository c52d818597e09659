import '../team/setup.ts';
import { useState } from 'react';
import { useWidget } from '../../app/context.ts';
import { ApiProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { signOut } from '../../signin/sign-out.ts';
import type { ScreenProps } from '../../states.ts';
import { promoteMember } from '../team/team-calls.ts';

/**
 * teamMemberPromote (spec 2 sections 2 and 4): the spec's question, then 'Make primary contact'
 * hands the account over. The server ends both people's sessions on it, so the widget logs out
 * (the token is forgotten) and goes to login; Cancel goes back to team.
 */
export default function TeamMemberPromoteScreen({ params }: ScreenProps<'teamMemberPromote'>) {
  const { t } = useTranslation();
  const { actions, runtime } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  async function promote() {
    if (busy || !params.uid) return;
    setBusy(true);
    setProblem(null);
    try {
      await promoteMember(api, params.uid);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiProblem) setProblem(err);
      else throw err;
      return;
    }
    cache.invalidate();
    await signOut(runtime);
    actions.goTo('login', {}, { replace: true });
  }

  return (
    <div>
      <ScreenHeading>{t('states.teamMemberPromote')}</ScreenHeading>
      {problem && <ErrorList errors={problemErrors(problem)} />}
      <p style={{ marginBottom: 12 }}>{t('team.promote.text')}</p>
      {params.name && <p className="p-muted" style={{ marginBottom: 20 }}>{t('team.promote.person', { name: params.name })}</p>}
      <div className="p-form-actions">
        <button type="button" className="p-btn p-btn-primary" disabled={busy || !params.uid} onClick={() => void promote()}>{t('team.promote.confirm')}</button>
        <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('team')}>{t('team.promote.cancel')}</button>
      </div>
    </div>
  );
}
