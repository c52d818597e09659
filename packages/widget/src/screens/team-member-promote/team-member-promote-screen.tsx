import '../team/setup.ts';
import { useWidget } from '../../app/context.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ConfirmShell } from '../../components/confirm-shell.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { signOut } from '../../signin/sign-out.ts';
import type { ScreenProps } from '../../states.ts';
import { promoteMember } from '../team/team-calls.ts';
import { REAUTH_CANCELLED, useReauthentication } from '../../auth/reauthenticate/use-reauthentication.tsx';

/**
 * teamMemberPromote (spec 2 sections 2 and 4): the spec's question, then 'Make primary contact'
 * hands the account over. The server ends both people's sessions on it, so the widget logs out
 * (the token is forgotten) and goes to login, which tells them why; Cancel goes back to team. A sign-in older than the
 * re-authentication window is asked 'Confirm it's you' first (useReauthentication).
 */
export default function TeamMemberPromoteScreen({ params }: ScreenProps<'teamMemberPromote'>) {
  const { t } = useTranslation();
  const { actions, runtime } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const reauth = useReauthentication();
  const promote = useAction(async () => {
    if (!params.uid) return;
    // Handing the account over asks 'Confirm it's you' when the sign-in is older than the window.
    if (await reauth.run(() => promoteMember(api, params.uid!)) === REAUTH_CANCELLED) return;
    cache.invalidate();
    // To login first, then sign out: a fresh sign-in, not a way back to this screen (the gate's);
    // the login says why they are there (issue 15).
    actions.goTo('login', params.name ? { handedOverTo: params.name } : {}, { replace: true });
    await signOut(runtime);
  });

  return (
    <ConfirmShell
      heading={t('states.teamMemberPromote')}
      text={[t('team.promote.text'), ...(params.name ? [t('team.promote.person', { name: params.name })] : [])]}
      confirmLabel={t('team.promote.confirm')} busyLabel={t('team.promote.confirming')} cancelLabel={t('team.promote.cancel')}
      onConfirm={() => void promote.run()} onCancel={() => actions.goTo('team')}
      busy={promote.busy} disabled={!params.uid} errors={promote.errors}>
      {reauth.prompt}
    </ConfirmShell>
  );
}
