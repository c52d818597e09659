import { useContext, useEffect } from 'react';
import { ErrorCode } from '@portico/core';
import { asTaxId, joinPath } from '@portico/core/fields/index';
import { taxIdTypeName, taxIdTypesOrDefault } from '@portico/core/geo/tax-id-types';
import { taxIdRule, type TaxIdFormatCheck } from '@portico/core/tax-ids/tax-id-rules';
import { WidgetContext } from '../../app/context.ts';
import { provideControlRule } from '../../forms/control-rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SelectField as Select } from '../select-field.tsx';
import { FieldErrorText, FieldFrame, LabelText, mergeRefs, useInputBinding, type FieldProps } from './field-parts.tsx';

let checkFormat: TaxIdFormatCheck | undefined;
let formats: Promise<void> | null = null;

/**
 * The tax id's rule for the forms (core's taxIdRule, the same the server runs): one of the settings' types, in
 * that type's format; the message names the type. Until the formats have loaded only the type is checked (the
 * server checks the format anyway); provided again once they have, so the forms check again.
 */
function provideTaxIdRule(): void {
  provideControlRule('TaxIdTypeTaxId', ({ settings, t }) => {
    const types = taxIdTypesOrDefault(settings?.TaxIdTypes);
    const rule = taxIdRule({ types, checkFormat });
    return (field, values) => rule(field, values).map((e) => (e.ErrorCode === ErrorCode.InvalidTaxId
      ? { ...e, Message: t('forms.taxId.invalid', { type: taxIdTypeName(asTaxId(values[field.path]).TaxIdType.trim(), types) }) }
      : e));
  });
}
provideTaxIdRule();

/**
 * The formats (core's tax-id-formats.ts over stdnum, ~12 KB) are their own chunk, loaded once a tax id number
 * is typed: most sign-ups leave the optional tax id empty and never download it.
 */
function loadFormats(): void {
  formats ??= import('@portico/core/tax-ids/tax-id-formats').then(
    (m) => { checkFormat = m.checkTaxIdFormat; provideTaxIdRule(); },
    () => { formats = null; }, // the next number typed tries again
  );
}

/**
 * A tax id type and number. Paths are the wire's (`Account.TaxIds.0.TaxIdType`),
 * so the server's errors land on the right input; core sends TaxIds only when
 * both parts are filled.
 */
export function TaxIdField({ form, field }: FieldProps) {
  const { t } = useTranslation();
  const settings = useContext(WidgetContext)?.settings;
  const value = asTaxId(form.values[field.path]);
  const typed = value.TaxId.trim() !== '';
  useEffect(() => { if (typed) loadFormats(); }, [typed]);
  const typePath = joinPath(field.path, 0, 'TaxIdType');
  const idPath = joinPath(field.path, 0, 'TaxId');
  const typeLabel = t('forms.taxId.TaxIdType');
  const idLabel = t('forms.taxId.TaxId');
  const type = useInputBinding(form, typePath, t('forms.address.part', { field: field.label, part: typeLabel }));
  const id = useInputBinding(form, idPath, t('forms.address.part', { field: field.label, part: idLabel }));
  const group = useInputBinding(form, field.path);
  const options = taxIdTypesOrDefault(settings?.TaxIdTypes).map((x) => ({ value: x.Code, label: x.Name }));
  return (
    <FieldFrame field={field}>
      <fieldset className="p-fieldset" aria-describedby={group.describedBy}>
        <legend><LabelText label={field.label} required={field.required} /></legend>
        <FieldErrorText id={group.errorId} error={group.error} />
        <div className="p-taxid-frame"><div className="p-taxid">
          <div className="p-field">
            <Select id={type.id} selectRef={mergeRefs(type.ref, group.ref)} label={<LabelText label={typeLabel} required={field.required} />} value={value.TaxIdType}
              options={options} placeholder={t('forms.taxId.chooseType')} required={field.required} invalid={type.invalid} describedBy={type.describedBy}
              onBlur={type.onBlur} onChange={(v) => { form.setValue(field.path, { ...value, TaxIdType: v }); form.touch(typePath); }} />
            <FieldErrorText id={type.errorId} error={type.error} />
          </div>
          <div className="p-field">
            <label className="p-label" htmlFor={id.id}><LabelText label={idLabel} required={field.required} /></label>
            <input id={id.id} ref={id.ref} className="p-input" type="text" autoComplete="off" spellCheck={false} value={value.TaxId}
              aria-required={field.required || undefined} aria-invalid={id.invalid || undefined} aria-describedby={id.describedBy}
              onChange={(e) => form.setValue(field.path, { ...value, TaxId: e.target.value })} onBlur={id.onBlur} />
            <FieldErrorText id={id.errorId} error={id.error} />
          </div>
        </div></div>
      </fieldset>
    </FieldFrame>
  );
}
