import { ErrorCode, type FieldError } from '@portico/core';
import {
  closestKnownPath, isWithinPath, validateFields, type ConfiguredField, type FieldRuleOptions, type FieldValue, type FieldValues,
} from '@portico/core/fields/index';

/**
 * The form layer's state as a pure reducer plus derivations, so the rules
 * (which error shows where, which field gets focus) are tested without a DOM.
 * use-form.ts wires it to React.
 */
export interface FormState {
  values: FieldValues;
  /**
   * Input paths the person has left holding a value (or set, for choice controls): their errors show
   * before a submit. Leaving an empty input does not count: a field someone tabs through is not red
   * until a submit attempt (issue 15; docs/forms.md "When an error shows").
   */
  touched: readonly string[];
  /** A submit was attempted: every error shows, and the error list lists them. */
  submitted: boolean;
  busy: boolean;
  /** The server's field errors by the known path they belong to; a field's change clears its own. */
  serverErrors: Readonly<Record<string, FieldError>>;
  /** The server's errors that name no field of this form (or the problem's own code when it names none). */
  generalErrors: readonly FieldError[];
}

export type FormAction =
  | { type: 'change'; path: string; value: FieldValue }
  | { type: 'touch'; path: string }
  | { type: 'submit' }
  | { type: 'settled' }
  | { type: 'problem'; problem: FormProblem; knownPaths: readonly string[]; merge?: boolean }
  /** The server's errors with these codes no longer hold (spec 1 section 8: Errors.Duplicate once the email check succeeds). */
  | { type: 'dismiss'; codes: readonly string[] }
  | { type: 'reset'; values: FieldValues };

export function initialFormState(values: FieldValues): FormState {
  return { values, touched: [], submitted: false, busy: false, serverErrors: {}, generalErrors: [] };
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'change': {
      const serverErrors = Object.fromEntries(Object.entries(state.serverErrors).filter(([path]) => !isWithinPath(path, action.path)));
      return { ...state, values: { ...state.values, [action.path]: action.value }, serverErrors };
    }
    case 'touch':
      if (state.touched.includes(action.path) || !hasValue(valueAtPath(state.values, action.path))) return state;
      return { ...state, touched: [...state.touched, action.path] };
    case 'submit':
      return { ...state, submitted: true, busy: true, serverErrors: {}, generalErrors: [] };
    case 'settled':
      return { ...state, busy: false };
    case 'problem': {
      const placed = placeProblem(action.problem, action.knownPaths);
      // merge: a check made beside the form (the email check) adds to what the last submit said.
      if (action.merge) return { ...state, serverErrors: { ...state.serverErrors, ...placed.onFields }, generalErrors: [...state.generalErrors, ...placed.general] };
      return { ...state, busy: false, serverErrors: placed.onFields, generalErrors: placed.general };
    }
    case 'dismiss': {
      const keep = (e: FieldError) => !action.codes.includes(e.ErrorCode);
      return {
        ...state,
        serverErrors: Object.fromEntries(Object.entries(state.serverErrors).filter(([, e]) => keep(e))),
        generalErrors: state.generalErrors.filter(keep),
      };
    }
    case 'reset':
      return initialFormState(action.values);
  }
}

/**
 * The value one input edits: the form value of the longest key `path` is or lies below, walked into
 * for a part (`Account.BillingAddress.City`); a numeric segment into a value that is not a list is
 * skipped (the tax id field's `Account.TaxIds.0.TaxId` edits `{ TaxIdType, TaxId }`).
 */
export function valueAtPath(values: FieldValues, path: string): unknown {
  const key = closestKnownPath(path, Object.keys(values));
  if (key === undefined) return undefined;
  let node: unknown = values[key];
  for (const segment of path.slice(key.length).split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    if (/^\d+$/.test(segment) && !Array.isArray(node)) continue;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** Something was typed or chosen: a non-blank text, a ticked box, any part of an address or a list. */
export function hasValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return true;
  if (Array.isArray(value)) return value.some(hasValue);
  if (value && typeof value === 'object') return Object.values(value).some(hasValue);
  return false;
}

/** What a failed submit handler gives back: the widget's ApiProblem, a raw ErrorBody, or anything shaped like them. */
export interface FormProblem {
  code: string;
  message?: string;
  fieldErrors: FieldError[];
}

const isFieldErrorList = (v: unknown): v is FieldError[] =>
  Array.isArray(v) && v.every((f) => f && typeof f === 'object' && typeof (f as FieldError).Field === 'string');

/**
 * A handler's result or a thrown value as a problem; null for a plain success
 * value. Accepts `{ code, message, fieldErrors }` (the API client's ApiProblem)
 * and `{ ErrorCode, Message, FieldErrors }` (the wire ErrorBody); anything else
 * thrown is a system error.
 */
export function toFormProblem(value: unknown, thrown: boolean): FormProblem | null {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const fieldErrors = v.fieldErrors ?? v.FieldErrors;
    const code = v.code ?? v.ErrorCode;
    if (typeof code === 'string' || isFieldErrorList(fieldErrors)) {
      const message = typeof (v.Message ?? v.message) === 'string' ? String(v.Message ?? v.message) : undefined;
      return {
        code: typeof code === 'string' ? code : ErrorCode.ValidationFailed,
        ...(message ? { message } : {}),
        fieldErrors: isFieldErrorList(fieldErrors) ? fieldErrors : [],
      };
    }
  }
  return thrown ? { code: ErrorCode.SystemError, fieldErrors: [] } : null;
}

/**
 * Server field errors go on the known path they name or lie below (an error on
 * `Account.TaxIds.0.TaxId` belongs to the tax id field); the rest, and the
 * problem itself when it names no field, go to the error list.
 */
export function placeProblem(problem: FormProblem, knownPaths: readonly string[]): { onFields: Record<string, FieldError>; general: FieldError[] } {
  const onFields: Record<string, FieldError> = {};
  const general: FieldError[] = [];
  for (const error of problem.fieldErrors) {
    const owner = closestKnownPath(error.Field, knownPaths);
    if (owner === undefined) general.push(error);
    else onFields[owner] ??= error;
  }
  if (problem.fieldErrors.length === 0) general.push({ Field: '', ErrorCode: problem.code, Message: problem.message ?? '' });
  return { onFields, general };
}

export interface ShownError {
  /** The input path the error is shown on (a field path, or a part of it such as `Account.BillingAddress.City`). */
  path: string;
  error: FieldError;
  /** The configured field it belongs to, if any (its label and params name the message's values). */
  field: ConfiguredField | undefined;
  fromServer: boolean;
}

/**
 * The errors to show now, in form order: the server's (until their field
 * changes), then local ones of inputs that were touched, or all after a submit.
 * `extra` are a screen's own rules (password confirmation…), after the fields;
 * `rules` the control rules (forms/control-rules.ts).
 */
export function shownErrors(state: FormState, fields: readonly ConfiguredField[], extra: readonly FieldError[] = [], rules: FieldRuleOptions = {}): ShownError[] {
  const local = [...validateFields(fields, state.values, rules), ...extra];
  const fieldOf = (path: string) => fields.find((f) => isWithinPath(path, f.path));
  const rank = (path: string) => {
    const i = fields.findIndex((f) => isWithinPath(path, f.path));
    return i < 0 ? fields.length : i;
  };
  const byPath = new Map<string, { error: FieldError; fromServer: boolean }>();
  for (const [path, error] of Object.entries(state.serverErrors)) byPath.set(path, { error, fromServer: true });
  const serverPaths = Object.keys(state.serverErrors);
  for (const error of local) {
    const overridden = serverPaths.some((p) => isWithinPath(error.Field, p) || isWithinPath(p, error.Field));
    if (overridden || byPath.has(error.Field)) continue;
    if (state.submitted || state.touched.includes(error.Field)) byPath.set(error.Field, { error, fromServer: false });
  }
  // Stable sort keeps validation order (sub-paths in form order) within one field.
  return [...byPath.entries()]
    .map(([path, e]) => ({ path, error: e.error, fromServer: e.fromServer, field: fieldOf(path) }))
    .sort((a, b) => rank(a.path) - rank(b.path));
}
