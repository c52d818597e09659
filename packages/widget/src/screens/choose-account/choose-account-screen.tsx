import { useState } from 'react';
import { sortAccountsForChoice, type RoutingAccount } from '@portico/core/signin/post-login-routing';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
import { routeSignedIn } from '../../signin/complete-sign-in.ts';
import { fetchAccounts, reissueToken } from '../../signin/signin-calls.ts';
import '../../signin/setup.ts';

/**
 * chooseAccount (spec 2 section 2): 'Choose Account', 'Please select the account you wish to
 * login to:', one button per account (by name when names differ, else latest subscription
 * start first). A pick reissues the token for that account, then post-login routing goes on.
 */
export default function ChooseAccountScreen() {
  const { t } = useTranslation();
  const widget = useWidget();
  const api = useApi();
  const { claims } = useSession();
  // Per signed-in session: a pick reissues the token, and the list is read afresh for the next sign-in.
  const accounts = useApiQuery(claims ? `signin:accounts:${claims.personUid}:${claims.sessionUid ?? '-'}` : null, fetchAccounts);
  const [opening, setOpening] = useState<string | null>(null);
  const pick = useAction(async (account: RoutingAccount) => {
    setOpening(account.Name);
    try {
      widget.runtime.token.set(await reissueToken(api, account.Uid));
      await routeSignedIn(widget, { accountUid: account.Uid });
    } finally {
      setOpening(null);
    }
  });
  const list = accounts.data ? sortAccountsForChoice(accounts.data) : null;

  return (
    <div>
      <ScreenHeading>{t('states.chooseAccount')}</ScreenHeading>
      <ErrorList errors={[...(accounts.problem ? problemErrors(accounts.problem) : []), ...pick.errors]} />
      <p className="p-lead">{t('signin.choose.text')}</p>
      {!list && accounts.loading && <Spinner />}
      {list && (
        <ul className="p-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((a) => (
            <li key={a.Uid}>
              <button type="button" className="p-btn p-btn-secondary p-btn-block" aria-disabled={pick.busy || undefined} onClick={() => void pick.run(a)}>
                {a.Name}
                <span className="p-muted p-small"> · {a.IsPrimary ? t('signin.choose.primary') : t('signin.choose.member')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {opening && <p className="p-help" role="status">{t('signin.choose.opening', { name: opening })}</p>}
    </div>
  );
}
