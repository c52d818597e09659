import { useId } from 'react';
import type { ConfiguredField } from '@portico/core/fields/index';
import type { FormApi } from '../../forms/use-form.ts';
import { useErrorText } from '../../i18n/use-error-text.ts';
import type { DisplayError } from '../error-list-logic.ts';
import { fieldsSheetRef } from './setup.ts';

/** What every configured control gets. */
export interface FieldProps {
  form: FormApi;
  field: ConfiguredField;
}

/** Ids and ARIA wiring of one input path: the error is linked with aria-describedby and flagged with aria-invalid. */
export function useInputBinding(form: FormApi, path: string, listLabel?: string) {
  const id = useId();
  const error = form.errorFor(path);
  const errorId = `${id}-error`;
  return {
    id,
    errorId,
    error,
    invalid: error !== undefined,
    describedBy: error ? errorId : undefined,
    ref: form.inputRef(path, listLabel),
    onBlur: () => form.touch(path),
  };
}

/** The '*' after a required field's label; the input itself says aria-required. */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? <span className="p-required" aria-hidden="true"> *</span> : null;
}

export function LabelText({ label, required }: { label: string; required: boolean }) {
  return <>{label}<RequiredMark required={required} /></>;
}

/** The inline message under an input; `id` is what the input's aria-describedby points at. An error's action ('Log in instead') follows it as a button. */
export function FieldErrorText({ id, error }: { id: string; error: DisplayError | undefined }) {
  const text = useErrorText(error !== undefined);
  if (!error) return null;
  return (
    <p id={id} className="p-field-error">
      {text(error)}
      {error.action && <> <button type="button" className="p-link p-error-action" onClick={error.action.run}>{error.action.label}</button></>}
    </p>
  );
}

/** The wrapper of one configured field: adopts the fields stylesheet in the widget's shadow root. */
export function FieldFrame({ field, children, className }: { field: ConfiguredField; children: React.ReactNode; className?: string }) {
  return <div ref={fieldsSheetRef} className={className ?? 'p-cfield'} data-field={field.path}>{children}</div>;
}

/** One ref callback feeding several (a group's first input is also where the group's own error sends focus). */
export function mergeRefs<T>(...refs: ((el: T | null) => void)[]): (el: T | null) => void {
  return (el) => refs.forEach((r) => r(el));
}
