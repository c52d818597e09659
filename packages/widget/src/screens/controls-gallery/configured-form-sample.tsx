import { useMemo, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { configuredFields } from '@portico/core/fields/index';
import { useWidget } from '../../app/context.ts';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { galleryFieldEntries } from './gallery-fields.ts';

/**
 * The configured fields of the company (all twelve control types) through the
 * form hook, checked locally on submit. The same code path every screen takes
 * (docs/forms.md); the "server answer" option shows where the server's
 * FieldErrors land without needing a server.
 */
export function ConfiguredFormSample() {
  const { t } = useTranslation();
  const { settings, actions } = useWidget();
  // As a paid sign-up asks them: a RequiredWhenPaymentDue field (the demo company's billing address) is required here.
  const fields = useMemo(() => configuredFields(galleryFieldEntries(settings), { paymentDue: true }), [settings]);
  const form = useForm({ fields });
  const [rejectAsServer, setRejectAsServer] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ payload }) => {
    if (rejectAsServer) {
      return {
        code: ErrorCode.ValidationFailed,
        fieldErrors: [
          { Field: 'Person.Email', ErrorCode: ErrorCode.Duplicate, Message: 'An account with this email already exists.' },
          { Field: 'Subscriptions.0.Plan', ErrorCode: ErrorCode.PlanNotAvailable, Message: 'This plan is not available.' },
        ],
      };
    }
    setSent(JSON.stringify(payload, null, 2));
    actions.notify(t('gallery.form.valid'));
    return undefined;
  });

  return (
    <section className="p-gallery-form" aria-labelledby="p-gallery-form-heading">
      <h3 id="p-gallery-form-heading">{t('gallery.form.heading')}</h3>
      <form className="p-form" noValidate onSubmit={submit} aria-label={t('gallery.form.heading')}>
        <ErrorList errors={form.errorList} />
        <ConfiguredFields form={form} />
        <CheckboxField label={t('gallery.form.rejectAsServer')} checked={rejectAsServer} onChange={setRejectAsServer} />
        <div className="p-form-actions">
          <button type="submit" className="p-btn p-btn-primary" disabled={form.busy}>{t('gallery.form.submit')}</button>
        </div>
      </form>
      {sent && (
        <figure aria-labelledby="p-gallery-payload">
          <figcaption id="p-gallery-payload" className="p-label">{t('gallery.form.payload')}</figcaption>
          <pre className="p-code p-gallery-payload" tabIndex={0}>{sent}</pre>
        </figure>
      )}
    </section>
  );
}
