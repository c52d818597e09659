import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
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
  const { runtime, actions } = useWidget();
  const api = useApi();
  const accountUid = useSession().claims?.accountUid ?? null;
  const back = async () => {
    actions.goTo('login');
    await signOut(runtime);
  };
  const openPortal = useAction(async () => {
    if (!accountUid) return;
    browser.assign(await billingPortalUrl(api, accountUid, portalReturnPage(browser.href()), runtime.config.server));
  });
  return (
    <div className="p-stack">
      <ScreenHeading>{t('states.accountActionRequired')}</ScreenHeading>
      {params.portal ? (
        <>
          <ErrorList errors={openPortal.errors} />
          <p className="p-lead">{t('signin.actionRequired.portalText')}</p>
          <button type="button" className="p-btn p-btn-primary" aria-disabled={openPortal.busy || !accountUid} aria-busy={openPortal.busy}
            onClick={() => void openPortal.run()}>
            {openPortal.busy ? t('signin.actionRequired.openingPortal') : t('signin.actionRequired.openPortal')}
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
