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
import { REAUTH_CANCELLED, useReauthentication } from '../../auth/reauthenticate/use-reauthentication.tsx';

/**
 * teamMemberPromote (spec 2 sections 2 and 4): the spec's question, then 'Make primary contact'
 * hands the account over. The server ends both people's sessions on it, so the widget logs out
 * (the token is forgotten) and goes to login; Cancel goes back to team. A sign-in older than the
 * re-authentication window is asked 'Confirm it's you' first (useReauthentication).
 */
export default function TeamMemberPromoteScreen({ params }: ScreenProps<'teamMemberPromote'>) {
  const { t } = useTranslation();
  const { actions, runtime } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const reauth = useReauthentication();

  async function promote() {
    if (busy || !params.uid) return;
    setBusy(true);
    setProblem(null);
    try {
      // Handing the account over asks 'Confirm it's you' when the sign-in is older than the window.
      if (await reauth.run(() => promoteMember(api, params.uid!)) === REAUTH_CANCELLED) {
        setBusy(false);
        return;
      }
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
      {reauth.prompt}
    </div>
  );
}
