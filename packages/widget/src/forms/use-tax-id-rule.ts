import { useContext, useEffect, useMemo, useState } from 'react';
import { ErrorCode, type FieldError } from '@portico/core';
import { asTaxId, type ConfiguredField, type FieldValues } from '@portico/core/fields/index';
import { taxIdTypesOrDefault } from '@portico/core/geo/tax-id-types';
import { taxIdErrors, taxIdTypeName, type TaxIdFormatCheck } from '@portico/core/tax-ids/tax-id-rules';
import { WidgetContext } from '../app/context.ts';
import { useTranslation } from '../i18n/use-translation.ts';

let loaded: TaxIdFormatCheck | null = null;
let loading: Promise<TaxIdFormatCheck> | null = null;
/**
 * The formats (core's tax-id-formats.ts over stdnum, ~12 KB) are their own chunk, loaded once a tax id number
 * is typed: most sign-ups leave the optional tax id empty and never download it.
 */
function loadFormats(): Promise<TaxIdFormatCheck> {
  loading ??= import('@portico/core/tax-ids/tax-id-formats').then((m) => (loaded = m.checkTaxIdFormat));
  return loading;
}

/**
 * The tax id's own rules for a form with a TaxIdTypeTaxId field: one of the settings' types, in that
 * type's format (core's taxIdErrors, the same the server runs). Until the formats' chunk has loaded
 * only the type is checked; the server checks the format anyway. The message names the type.
 */
export function useTaxIdRule(fields: readonly ConfiguredField[], values: FieldValues): ((values: FieldValues) => FieldError[]) | null {
  const { t } = useTranslation();
  const settings = useContext(WidgetContext)?.settings;
  const taxFields = useMemo(() => fields.filter((f) => f.controlType === 'TaxIdTypeTaxId'), [fields]);
  const [checkFormat, setCheckFormat] = useState<TaxIdFormatCheck | null>(() => loaded);
  const typed = taxFields.some((f) => asTaxId(values[f.path]).TaxId.trim() !== '');
  useEffect(() => {
    if (!typed || checkFormat) return;
    let live = true;
    void loadFormats().then((check) => { if (live) setCheckFormat(() => check); }, () => undefined);
    return () => { live = false; };
  }, [typed, checkFormat]);
  return useMemo(() => {
    if (taxFields.length === 0) return null;
    const types = taxIdTypesOrDefault(settings?.TaxIdTypes);
    return (values: FieldValues) => taxFields.flatMap((f) => taxIdErrors(f.path, asTaxId(values[f.path]), { types, checkFormat: checkFormat ?? undefined })
      .map((e) => (e.ErrorCode === ErrorCode.InvalidTaxId
        ? { ...e, Message: t('forms.taxId.invalid', { type: taxIdTypeName(asTaxId(values[f.path]).TaxIdType.trim(), types) }) }
        : e)));
  }, [taxFields, settings, checkFormat, t]);
}
