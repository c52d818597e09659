import './setup.ts';
import { useId, useMemo, useRef, useState } from 'react';
import type { FieldError, WireFieldConfigurationEntry } from '@portico/core';
import { configuredFields } from '@portico/core/fields/index';
import {
  SUPPORT_ATTACHMENT_EXTENSIONS, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_MAX_FILES, SUPPORT_BODY_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH,
} from '@portico/core/support/support-limits';
import { useWidget } from '../app/context.ts';
import { ApiProblem } from '../api/api-problem.ts';
import { useApi } from '../api/use-api-query.ts';
import { useCaptcha } from '../captcha/use-captcha.tsx';
import { ErrorList } from '../components/error-list.tsx';
import type { DisplayError } from '../components/error-list-logic.ts';
import { EmailField } from '../components/fields/email-field.tsx';
import { TextField } from '../components/fields/text-field.tsx';
import { TextAreaField } from '../components/fields/textarea-field.tsx';
import { formatBytes, validateFile } from '../components/file-validation.ts';
import { useForm } from '../forms/use-form.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { submitHelpRequest } from './support-calls.ts';
import { supportSheetRef } from './setup.ts';

const EMAIL = 'Person.Email';
const SUBJECT = 'Person.FieldValues.Subject';
const BODY = 'Person.FieldValues.Body';
const ACCEPT = [...SUPPORT_ATTACHMENT_EXTENSIONS];

const entry = (SystemName: string, Label: string, ControlType: 'Email' | 'Text' | 'TextArea', params: object | null): WireFieldConfigurationEntry => ({
  Behavior: 'Required', Group: null,
  Definition: { Uid: `support-${SystemName}`, EntityType: 'Person', SystemName, Label, ControlType, ControlParams: params ? JSON.stringify(params) : null },
});

/** The server names the item's fields (FromPerson.Email, Subject, Body); the form's paths are these. */
const FIELD_PATHS: Record<string, string> = { 'FromPerson.Email': EMAIL, Subject: SUBJECT, Body: BODY };

/**
 * The help form (spec 2 section 2 "Support request form"): Email, Subject, 'How can we help you?' in
 * five rows, optional attachments (5 files of 2,000,000 bytes; csv, jpg, jpeg, pdf, png, txt, xlsx,
 * checked again by content on the server), the captcha when configured, Submit. Used by the support
 * state and by the offline chat panel; success goes to supportThankYou.
 */
export function SupportForm() {
  const { t } = useTranslation();
  const { settings, actions, headingId } = useWidget();
  const api = useApi();
  const fileInputId = useId();
  const fields = useMemo(() => configuredFields([
    entry('Email', t('support.email'), 'Email', null),
    entry('Subject', t('support.subject'), 'Text', { MaxLength: SUPPORT_SUBJECT_MAX_LENGTH }),
    entry('Body', t('support.body'), 'TextArea', { MaxLength: SUPPORT_BODY_MAX_LENGTH, Rows: 5 }),
  ]), [t]);
  const form = useForm({ fields });
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<DisplayError[]>([]);
  // Starts on the visitor's first interaction with the form; a Submit before it has solved waits for it.
  const captcha = useCaptcha();
  // One key per filled-in form: a double click (or a retry after a lost answer) sends one case.
  const key = useRef(`support-${crypto.randomUUID()}`);

  const addFiles = (chosen: File[]) => {
    const errors: DisplayError[] = [];
    const next = [...files];
    for (const file of chosen) {
      const problem = validateFile(file, ACCEPT, SUPPORT_ATTACHMENT_MAX_BYTES);
      if (problem) errors.push(problem);
      else if (next.length >= SUPPORT_ATTACHMENT_MAX_FILES) errors.push({ code: 'support.tooMany', values: { count: SUPPORT_ATTACHMENT_MAX_FILES } });
      else next.push(file);
    }
    setFiles(next);
    setFileErrors(errors);
  };

  const send = form.handleSubmit(async ({ values }) => {
    // ALTCHA may still be working (or not started) when a fast typist presses Submit: the button stays busy until it is done.
    const captchaToken = await captcha.waitForToken();
    if (captcha.required && !captchaToken) return { code: 'Errors.CaptchaRequired', fieldErrors: [] };
    try {
      await submitHelpRequest(api, {
        email: String(values[EMAIL] ?? ''), subject: String(values[SUBJECT] ?? ''), body: String(values[BODY] ?? ''),
        captchaToken, siteKey: settings.PaymentSettings.CaptchaSiteKey ?? null, files,
      }, key.current);
    } catch (err) {
      if (!(err instanceof ApiProblem)) throw err;
      key.current = `support-${crypto.randomUUID()}`;
      captcha.renew();
      // A refused attachment: named by the file the form sent in that part.
      const named = err.fieldErrors.filter((e) => /^files(\[\d+\])?$/.test(e.Field));
      setFileErrors(named.map((e) => {
        const file = files[Number(/\d+/.exec(e.Field)?.[0] ?? 0)];
        return { code: e.ErrorCode === 'Errors.FileTooLarge' ? 'Errors.FileTooLarge' : 'support.fileRefused', values: { filename: file?.name ?? '', maxSize: formatBytes(SUPPORT_ATTACHMENT_MAX_BYTES), accept: ACCEPT.join(', ') } };
      }));
      const rest: FieldError[] = err.fieldErrors.filter((e) => !named.includes(e)).map((e) => ({ ...e, Field: FIELD_PATHS[e.Field] ?? e.Field }));
      if (named.length && !rest.length) return undefined;
      return { code: err.code, message: err.message, fieldErrors: rest };
    }
    actions.goTo('supportThankYou');
    return undefined;
  });

  return (
    <form ref={supportSheetRef} className="p-form p-support-form" noValidate onSubmit={send} aria-labelledby={headingId} {...captcha.startOn}>
      <ErrorList errors={[...form.errorList, ...fileErrors]} />
      {/* The three controls it uses, not ConfiguredFields: that one brings every control type (address, tax id…), ~32 KB the form never shows. */}
      {form.fields.map((field) => {
        const Control = field.controlType === 'Email' ? EmailField : field.controlType === 'TextArea' ? TextAreaField : TextField;
        return <Control key={field.path} form={form} field={field} />;
      })}
      <div className="p-field">
        <label className="p-label" htmlFor={fileInputId}>{t('support.attachments')}</label>
        {/* The native input is kept (keyboard, screen readers, drag and drop) but drawn as an 'Add files' button: its own
            'No file chosen' contradicted the list below, which is where the chosen files show. */}
        <div className="p-file p-file-picker">
          <input id={fileInputId} className="p-sr-only" type="file" multiple accept={ACCEPT.map((a) => `.${a}`).join(',')} aria-describedby={`${fileInputId}-help`}
            onChange={(e) => { addFiles([...(e.target.files ?? [])]); e.target.value = ''; }} />
          <label htmlFor={fileInputId} className="p-btn p-btn-secondary" aria-hidden="true">{files.length ? t('support.addMoreFiles') : t('support.addFiles')}</label>
        </div>
        <p id={`${fileInputId}-help`} className="p-help">
          {t('support.attachmentsHelp', { count: SUPPORT_ATTACHMENT_MAX_FILES, size: formatBytes(SUPPORT_ATTACHMENT_MAX_BYTES), types: ACCEPT.join(', ') })}
        </p>
        {files.length > 0 && (
          <ul className="p-support-files" aria-label={t('support.attachments')}>
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                <span className="p-support-file-name">{f.name}<span className="p-support-file-size">{formatBytes(f.size)}</span></span>
                <button type="button" className="p-link" aria-label={t('support.remove', { name: f.name })} onClick={() => { setFiles(files.filter((_, j) => j !== i)); setFileErrors([]); }}>
                  {t('support.removeShort')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {captcha.element}
      <div className="p-form-actions">
        <button type="submit" className="p-btn p-btn-primary" aria-disabled={form.busy || undefined}>
          {form.busy ? t('support.sending') : t('support.submit')}
        </button>
      </div>
    </form>
  );
}
