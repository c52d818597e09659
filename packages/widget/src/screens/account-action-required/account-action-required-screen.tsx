import { useState } from 'react';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ApiProblem, asProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { billingPortalUrl, portalReturnPage } from '../../signin/billing-portal-calls.ts';
import { browser } from '../../signin/complete-sign-in.ts';
import { signOut } from '../../signin/sign-out.ts';
import '../../signin/setup.ts';

/**
 * accountActionRequired (spec 2 section 2): names the primary contact as the one who must fix
 * the account. The variant for the payment provider's billing says the account is past due and
 * opens the provider's customer portal (POST /billing/stripe/portal/sessions, then a redirect to
 * its Url, coming back to this page); in demo mode the demo transport answers with this page.
 */
export default function AccountActionRequiredScreen({ params }: ScreenProps<'accountActionRequired'>) {
  const { t } = useTranslation();
  const { runtime, actions, demo } = useWidget();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  // The demo token names no account; the demo transport does not need one.
  const accountUid = (runtime.token.payload() as { account_uid?: string } | null)?.account_uid ?? (demo ? 'demo' : null);
  const back = async () => {
    await signOut(runtime);
    actions.goTo('login');
  };
  async function openPortal() {
    if (busy || !accountUid) return;
    setBusy(true);
    setProblem(null);
    try {
      browser.assign(await billingPortalUrl(api, accountUid, portalReturnPage(browser.href())));
    } catch (err) {
      setBusy(false);
      setProblem(asProblem(err));
    }
  }
  return (
    <div className="p-stack">
      <ScreenHeading>{t('states.accountActionRequired')}</ScreenHeading>
      {params.portal ? (
        <>
          {problem && <ErrorList errors={problemErrors(problem)} />}
          <p className="p-lead">{t('signin.actionRequired.portalText')}</p>
          <button type="button" className="p-btn p-btn-primary" aria-disabled={busy || !accountUid} aria-busy={busy} onClick={() => void openPortal()}>
            {busy ? t('signin.actionRequired.openingPortal') : t('signin.actionRequired.openPortal')}
          </button>
        </>
      ) : (
        <>
          <p className="p-lead">{t('signin.actionRequired.text')}</p>
          <p>{params.primaryContact ? t('signin.actionRequired.named', { name: params.primaryContact }) : t('signin.actionRequired.unnamed')}</p>
        </>
      )}
      <button type="button" className={`p-btn ${params.portal ? 'p-btn-secondary' : 'p-btn-primary'}`} onClick={() => void back()}>{t('signin.actionRequired.back')}</button>
    </div>
  );
}
