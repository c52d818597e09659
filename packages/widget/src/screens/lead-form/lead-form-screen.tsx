import './setup.ts';
import { useMemo, useRef, useState } from 'react';
import { configuredFields, validateFields } from '@portico/core/fields/index';
import { leadFormEntries, type WireLeadForm } from '@portico/core/lead-forms/lead-form';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { useCaptcha } from '../../captcha/use-captcha.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { fetchLeadForm, leadFormQueryKey, redirectTarget, submitLead } from './lead-form-calls.ts';
import { leadSheetRef } from './lead-form-sheet.ts';

/**
 * leadForm (spec 2 section 2 "Lead capture form (ShowForm)"; docs/lead-forms.md): the configured form by
 * `params.formUid` — the host page's `data-portico-form` or `Portico.showForm(uid)`.
 */
export default function LeadFormScreen({ params }: ScreenProps<'leadForm'>) {
  const { t } = useTranslation();
  const uid = params.formUid ?? null;
  const query = useApiQuery(uid ? leadFormQueryKey(uid) : null, (api) => fetchLeadForm(api, uid!));
  if (!uid) return <NoForm />;
  if (query.problem) {
    return query.problem.code === 'Errors.LeadFormNotFound' ? <NoForm /> : <div><ScreenHeading>{t('states.leadForm')}</ScreenHeading><ErrorList errors={problemErrors(query.problem, query.refetch)} /></div>;
  }
  if (!query.data) return <div className="p-lead-loading" role="status"><Spinner /><span className="p-sr-only">{t('leadForms.loading')}</span></div>;
  return <LeadFormBody form={query.data as WireLeadForm} />;
}

function NoForm() {
  const { t } = useTranslation();
  return <div><ScreenHeading>{t('states.leadForm')}</ScreenHeading><p className="p-lead">{t('leadForms.noForm')}</p></div>;
}

function LeadFormBody({ form: config }: { form: WireLeadForm }) {
  const { t } = useTranslation();
  const { actions, headingId } = useWidget();
  const api = useApi();
  // Hidden and disabled fields are not inputs: the server stores their DefaultValue (and refuses a changed one).
  const fields = useMemo(() => configuredFields(leadFormEntries(config.Fields)), [config]);
  const fixed = config.Fields.filter((f) => f.Disabled && !f.Hidden);
  const form = useForm({ fields });
  // Starts on the visitor's first interaction with the form; a Submit before ALTCHA has solved waits for it.
  const captcha = useCaptcha(config.Captcha);
  const honeypot = useRef<HTMLInputElement>(null);
  const key = useRef(`lead-${crypto.randomUUID()}`);
  const [leaving, setLeaving] = useState(false);

  // Spec: Submit is enabled only when every visible field is valid (core's rules: required, email pattern…) and the
  // captcha is solved; ALTCHA solves itself, so Submit waits for it rather than stay disabled (useCaptcha).
  const valid = validateFields(fields, form.values).length === 0 && !captcha.missing;

  const send = form.handleSubmit(async ({ payload }) => {
    if (!valid) return undefined;
    const captchaToken = await captcha.waitForToken();
    if (captcha.required && !captchaToken) return { code: 'Errors.CaptchaRequired', fieldErrors: [] };
    const website = honeypot.current?.value ?? '';
    try {
      const answer = await submitLead(api, config.Uid, {
        Person: (payload.Person ?? {}) as Record<string, string>,
        RefererURL: window.location.href,
        ...(captchaToken ? { RecaptchaToken: captchaToken } : {}),
        ...(website ? { Website: website } : {}),
      }, key.current);
      const next = answer.PostSubmission;
      const target = next.Action === 'redirect' && next.Url ? redirectTarget(next.Url, window.location.href) : null;
      if (target) {
        setLeaving(true);
        window.location.assign(target);
        return undefined;
      }
      actions.goTo('thankYou', { formUid: config.Uid, ...(next.Message ? { message: next.Message } : {}) });
      return undefined;
    } catch (err) {
      // A refused submit spends the key and the captcha token: the next try is a new request.
      key.current = `lead-${crypto.randomUUID()}`;
      captcha.renew();
      throw err;
    }
  });

  if (leaving) return <div className="p-lead-loading" role="status"><Spinner /><p>{t('leadForms.redirecting')}</p></div>;
  return (
    <div ref={leadSheetRef}>
      {/* The title is plain text from the config: React shows it as text, so markup in it is never run. */}
      <ScreenHeading>{config.Title}</ScreenHeading>
      <form className="p-form p-lead-form" noValidate onSubmit={send} aria-labelledby={headingId} {...captcha.startOn}>
        <ErrorList errors={form.errorList} />
        <ConfiguredFields form={form} />
        {fixed.map((f) => (
          <div className="p-field" key={f.SystemName}>
            <label className="p-label" htmlFor={`${headingId}-fixed-${f.SystemName}`}>{t('leadForms.fixed', { label: f.Label })}</label>
            <input id={`${headingId}-fixed-${f.SystemName}`} className="p-input" value={f.DefaultValue ?? ''} readOnly aria-readonly="true" />
          </div>
        ))}
        {/* The honeypot (docs/lead-forms.md "Bots"): off-screen, out of the tab order and hidden from assistive tech; only bots fill it. */}
        <div className="p-lead-honeypot" aria-hidden="true">
          <label htmlFor={`${headingId}-website`}>{t('leadForms.honeypot')}</label>
          <input id={`${headingId}-website`} ref={honeypot} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {captcha.element}
        <div className="p-form-actions">
          <button type="submit" className="p-btn p-btn-primary" disabled={!valid || form.busy} aria-busy={form.busy || undefined}>
            {form.busy ? t('leadForms.sending') : config.SubmitLabel ?? t('leadForms.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
