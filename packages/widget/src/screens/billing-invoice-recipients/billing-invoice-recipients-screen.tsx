import '../billing/setup.ts';
import { useState } from 'react';
import { displayName } from '@portico/core/profile/display-name';
import { RECIPIENTS_PAGE_SIZE } from '@portico/core/billing/invoice-list';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
import type { ScreenProps } from '../../states.ts';
import { billingKey, fetchRecipients, setReceiveInvoices } from '../billing/billing-calls.ts';

/**
 * billingInvoiceRecipients (spec 2 sections 2, 4 and 9): the account's people 25 a page in the
 * recipients' order, a receive-invoices checkbox each, the owner labelled 'Account owner'; when no
 * one is marked the signed-in person is shown ticked as 'you' (who gets them today). Save writes each
 * changed person's ReceiveInvoices; Save and Cancel go back to billing. Marking recipients is the
 * account owner's (the server's rule for PUT /profile/account/people/{Uid}).
 */
export default function BillingInvoiceRecipientsScreen(_props: ScreenProps<'billingInvoiceRecipients'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const { claims } = useSession();
  const api = useApi();
  const cache = useQueryCache();
  const [offset, setOffset] = useState(0);
  const query = useApiQuery(billingKey(claims?.accountUid ?? null, `recipients:${offset}`), (a) => fetchRecipients(a, offset), { keepPrevious: true });
  const [changes, setChanges] = useState<Record<string, boolean>>({});
  const page = query.data;
  const noneMarked = page !== undefined && offset === 0 && page.items.every((m) => !m.ReceiveInvoices);
  const checked = (uid: string, stored: boolean) => changes[uid] ?? stored;

  const save = useAction(async () => {
    for (const [uid, receive] of Object.entries(changes)) {
      const stored = page?.items.find((m) => m.Uid === uid)?.ReceiveInvoices;
      if (stored !== receive) await setReceiveInvoices(api, uid, receive);
    }
    cache.invalidate();
    actions.notify(t('billingScreen.recipients.saved'));
    actions.goTo('billing');
  });

  return (
    <div>
      <ScreenHeading>{t('states.billingInvoiceRecipients')}</ScreenHeading>
      <p className="p-muted">{t('billingScreen.recipients.intro')}</p>
      {query.problem && <ErrorList errors={problemErrors(query.problem)} />}
      {save.errors.length > 0 && <ErrorList errors={save.errors} />}
      {!page && query.loading && <Spinner />}
      {page && (
        <form onSubmit={(e) => { e.preventDefault(); void save.run(); }} aria-label={t('states.billingInvoiceRecipients')}>
          <ul className="p-groups" aria-label={t('states.billingInvoiceRecipients')}>
            {page.items.map((m) => {
              const name = displayName(m.Person.FirstName, m.Person.LastName, m.Person.Email);
              const isMe = m.Person.Uid === claims?.personUid;
              // Spec 2: with no one marked, the signed-in person is who gets them, shown as 'you'.
              const shownAsYou = noneMarked && isMe && changes[m.Uid] === undefined;
              const id = `p-recipient-${m.Uid}`;
              return (
                <li key={m.Uid} className="p-group">
                  <label htmlFor={id} style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0, cursor: 'pointer' }}>
                    <input id={id} type="checkbox" className="p-checkbox" checked={shownAsYou || checked(m.Uid, m.ReceiveInvoices)}
                      aria-label={t('billingScreen.recipients.receives', { name })}
                      onChange={(e) => setChanges((c) => ({ ...c, [m.Uid]: e.target.checked }))} />
                    <span style={{ minWidth: 0 }}>
                      <span className="p-group-value">{name}{isMe && <span className="p-muted"> ({t('billingScreen.recipients.you')})</span>}</span>
                      {m.IsPrimary && <span className="p-group-label" style={{ display: 'block', marginTop: 4 }}>{t('billingScreen.recipients.owner')}</span>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <Pagination total={page.metadata.total} limit={RECIPIENTS_PAGE_SIZE} offset={offset} onOffset={setOffset}
            labels={{ region: t('billingScreen.recipients.pagination'), page: (n) => t('billingScreen.recipients.page', { page: n }) }} />
          <div className="p-form-actions" style={{ marginTop: 20, gap: 12 }}>
            <button type="submit" className="p-btn p-btn-primary" aria-busy={save.busy || undefined} disabled={save.busy}>
              {save.busy ? t('billingScreen.recipients.saving') : t('billingScreen.recipients.save')}
            </button>
            <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('billing')}>{t('billingScreen.recipients.cancel')}</button>
          </div>
        </form>
      )}
    </div>
  );
}
