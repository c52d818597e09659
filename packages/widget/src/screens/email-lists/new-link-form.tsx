import { useMemo, useState } from 'react';
import { PREFERENCES_LINK_TTL_DAYS } from '@portico/core/email-lists/subscriptions';
import { useApi } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { emailOnlyFields } from '../../forms/email-only-fields.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LINK_INVALID, requestNewLink } from './email-lists-calls.ts';

/**
 * The way on from an expired or broken preferences link (manage, unsubscribe): the visitor's email, and a
 * fresh link is mailed if it names someone on our lists. The server answers the same for any address, so
 * the confirmation does too (and replaces the broken link's message). A chunk of its own: only a broken link loads it.
 */
export default function NewLinkForm() {
  const { t } = useTranslation();
  const api = useApi();
  const label = t('emailLists.newLinkEmail');
  const fields = useMemo(() => emailOnlyFields('email-lists-new-link', label), [label]);
  const form = useForm({ fields });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = form.handleSubmit(async ({ values }) => {
    const email = String(values['Person.Email'] ?? '').trim();
    await requestNewLink(api, email);
    setSentTo(email);
  });
  if (sentTo) return <p className="p-lead" role="status">{t('emailLists.newLinkSent', { email: sentTo, days: PREFERENCES_LINK_TTL_DAYS })}</p>;
  return (
    <form className="p-form" noValidate onSubmit={send} aria-label={t('emailLists.newLinkForm')}>
      <ErrorList errors={[LINK_INVALID]} />
      <p className="p-lead">{t('emailLists.newLinkLead')}</p>
      <ErrorList errors={form.errorList} />
      <ConfiguredFields form={form} />
      <div className="p-lists-actions">
        <button type="submit" className="p-btn p-btn-primary" aria-disabled={form.busy || undefined}>
          {form.busy ? t('emailLists.newLinkSending') : t('emailLists.newLinkSubmit')}
        </button>
      </div>
    </form>
  );
}
