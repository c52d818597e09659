import { useEffect, useState } from 'react';
import { sortAccountsForChoice, type RoutingAccount } from '@portico/core/signin/post-login-routing';
import { useWidget } from '../../app/context.ts';
import { apiClientFor } from '../../api/runtime-client.ts';
import { asProblem, problemErrors } from '../../api/api-problem.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { routeSignedIn } from '../../signin/complete-sign-in.ts';
import { fetchAccounts, reissueToken } from '../../signin/signin-calls.ts';
import { getDemoModule } from '../../app/settings-loader.ts';
import '../../signin/setup.ts';

/**
 * chooseAccount (spec 2 section 2): 'Choose Account', 'Please select the account you wish to
 * login to:', one button per account (by name when names differ, else latest subscription
 * start first). A pick reissues the token for that account, then post-login routing goes on.
 */
export default function ChooseAccountScreen() {
  const { t } = useTranslation();
  const widget = useWidget();
  const { runtime, demo } = widget;
  const [accounts, setAccounts] = useState<RoutingAccount[] | null>(null);
  const [errors, setErrors] = useState<DisplayError[]>([]);
  const [opening, setOpening] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = demo
      ? import('../../demo/demo-signin.ts').then((m) => { const d = getDemoModule(); return d ? m.demoRoutingAccounts(d.DEMO_PERSONA_DATA[runtime.persona.get()], new Date()) : []; })
      : fetchAccounts(apiClientFor(runtime));
    load.then((list) => { if (live) setAccounts(sortAccountsForChoice(list)); }, (err: unknown) => { if (live) setErrors(problemErrors(asProblem(err))); });
    return () => { live = false; };
  }, [demo, runtime]);

  const pick = async (account: RoutingAccount) => {
    if (opening) return;
    setOpening(account.Name);
    setErrors([]);
    try {
      if (!demo) runtime.token.set(await reissueToken(apiClientFor(runtime), account.Uid));
      await routeSignedIn(widget, { accountUid: account.Uid });
    } catch (err) {
      setErrors(problemErrors(asProblem(err)));
      setOpening(null);
    }
  };

  return (
    <div>
      <ScreenHeading>{t('states.chooseAccount')}</ScreenHeading>
      <ErrorList errors={errors} />
      <p className="p-lead">{t('signin.choose.text')}</p>
      {!accounts && errors.length === 0 && <Spinner />}
      {accounts && (
        <ul className="p-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {accounts.map((a) => (
            <li key={a.Uid}>
              <button type="button" className="p-btn p-btn-secondary p-btn-block" aria-disabled={opening !== null || undefined} onClick={() => void pick(a)}>
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
