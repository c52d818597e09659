import { startTransition, useCallback, useMemo, useReducer, useRef, type FormEvent } from 'react';
import type { FieldError } from '@portico/core';
import {
  emptyValue, normalizeForSubmit, toPayload, validateFields, type ConfiguredField, type FieldRuleOptions, type FieldValue, type FieldValues, type SubmitValues,
} from '@portico/core/fields/index';
import { RETRYABLE_CODES, type DisplayError, type ErrorAction } from '../components/error-list-logic.ts';
import { firstFocusPath, toDisplayError } from './form-display.ts';
import { formReducer, initialFormState, shownErrors, toFormProblem, type FormState } from './form-state.ts';
import { useControlRules } from './control-rules.ts';
import './register-form-strings.ts';

export interface UseFormOptions {
  /** The configured fields (core's `configuredFields(settings.FieldConfiguration.X)`). */
  fields: readonly ConfiguredField[];
  /** Starting values by path (an edit form's saved entity: core's `valuesFromPayload`). */
  initialValues?: FieldValues;
  /** A screen's own rules beyond the configured fields (password confirmation, terms…), as field errors by path. */
  validate?: (values: FieldValues) => FieldError[];
  /** A way out an input's error offers (sign-up: a taken email's 'Log in instead'), shown with the error inline and in the list. */
  errorAction?: (path: string, code: string, values: FieldValues) => ErrorAction | undefined;
}

export interface SubmitInput {
  /** Trimmed, checkbox lists reduced to checked values, tax id only when whole (core's normalizeForSubmit). */
  values: SubmitValues;
  /** The same nested into a body: `{ Person: { Email }, Account: { BillingAddress } }`. */
  payload: Record<string, unknown>;
  /** Every value as typed, including a screen's own inputs that are not configured fields. */
  raw: FieldValues;
}

/** Resolve for success; throw or return an ApiProblem-like `{ code, message, fieldErrors }` for failure. */
export type SubmitHandler = (input: SubmitInput) => unknown;

export interface FormApi {
  fields: readonly ConfiguredField[];
  values: FieldValues;
  busy: boolean;
  submitted: boolean;
  setValue(path: string, value: FieldValue): void;
  /** Call on blur (text) or on change (choices): the input's errors show from then on. */
  touch(path: string): void;
  /** The error shown on one input (its own path or a part path), or undefined. */
  errorFor(path: string): DisplayError | undefined;
  /** The shared error list above the form: errors naming no field, plus every field error after a submit. */
  errorList: DisplayError[];
  /** Registers an input for focus and names it in the error list; stable per path. */
  inputRef(path: string, label?: string): (el: HTMLElement | null) => void;
  /** `<form onSubmit={form.handleSubmit(save)} noValidate>` */
  handleSubmit(handler: SubmitHandler): (event?: FormEvent) => Promise<void>;
  /** Shows a problem from a call made outside submit (an email check…); `merge` keeps the errors already shown. */
  showProblem(problem: unknown, options?: { merge?: boolean }): void;
  /** Removes the server's errors with these codes (spec 1 section 8: Errors.Duplicate once the email check succeeds). */
  dismiss(codes: readonly string[]): void;
  /** Sets several values at once (a Google profile filling the form). */
  setValues(values: FieldValues): void;
  /** The control rules the form checks with (core's FieldRuleOptions, forms/control-rules.ts), for a check of the screen's own over its fields. */
  rules: FieldRuleOptions;
}

interface Registered {
  el: HTMLElement | null;
  label: string | undefined;
}

/**
 * The form hook every screen uses (docs/forms.md): values, errors by path,
 * busy, submit. Rules come from core, so the server checks the same.
 */
export function useForm({ fields, initialValues, validate, errorAction }: UseFormOptions): FormApi {
  const [state, dispatch] = useReducer(formReducer, undefined, () =>
    initialFormState({ ...Object.fromEntries(fields.map((f) => [f.path, emptyValue(f)])), ...initialValues }));
  // The rules of the address and tax id controls, from their own modules (not downloaded by a form without them).
  const rules = useControlRules();
  const stateRef = useRef<FormState>(state);
  stateRef.current = state;
  const registry = useRef(new Map<string, Registered>());
  const refCallbacks = useRef(new Map<string, (el: HTMLElement | null) => void>());
  const validateRef = useRef(validate);
  validateRef.current = validate;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  /** The last submit's handler: 'Try again' after no answer submits once more with it. */
  const lastHandler = useRef<SubmitHandler | null>(null);
  const resubmit = useRef<() => void>(() => undefined);

  const extra = useMemo(() => validate?.(state.values) ?? [], [validate, state.values]);
  const shown = useMemo(() => shownErrors(state, fields, extra, rules), [state, fields, extra, rules]);

  const labelOf = useCallback((path: string) => registry.current.get(path)?.label, []);
  const byPath = useMemo(() => new Map(shown.map((s) => {
    const display = toDisplayError(s, labelOf(s.path));
    const action = errorAction?.(s.path, s.error.ErrorCode, state.values);
    return [s.path, action ? { ...display, action } : display];
  })), [shown, labelOf, errorAction, state.values]);
  const errorList = useMemo(() => {
    const general = state.generalErrors.map<DisplayError>((e) => ({
      code: e.ErrorCode, ...(e.Message ? { message: e.Message } : {}),
      ...(RETRYABLE_CODES.has(e.ErrorCode) && lastHandler.current ? { retry: () => resubmit.current() } : {}),
    }));
    // Before a submit attempt only what the server said is listed; local rules show inline as the user goes.
    const listed = shown.filter((s) => state.submitted || s.fromServer).map((s) => byPath.get(s.path)!);
    return [...general, ...listed];
  }, [state.generalErrors, state.submitted, shown, byPath]);

  const focusFirstInvalid = useCallback((list: ReturnType<typeof shownErrors>) => {
    const withElements = [...registry.current.entries()].filter(([, r]) => r.el?.isConnected).map(([p]) => p);
    const target = firstFocusPath(list, withElements);
    // After React has painted the error states (the focused input must already say aria-invalid).
    if (target) requestAnimationFrame(() => registry.current.get(target)?.el?.focus());
  }, []);

  // Inputs on screen now (a hidden address part is not a place to show an error) and every field.
  const knownPaths = useCallback(() => [...new Set([
    ...fields.map((f) => f.path),
    ...[...registry.current.entries()].filter(([, r]) => r.el?.isConnected).map(([p]) => p),
  ])], [fields]);

  const applyProblem = useCallback((value: unknown, focus: boolean, merge = false) => {
    const problem = toFormProblem(value, true)!;
    const action = { type: 'problem', problem, knownPaths: knownPaths(), merge } as const;
    dispatch(action);
    if (focus) {
      const next = formReducer(stateRef.current, action);
      focusFirstInvalid(shownErrors(next, fields, validateRef.current?.(next.values) ?? [], rulesRef.current));
    }
  }, [fields, knownPaths, focusFirstInvalid]);

  const handleSubmit = useCallback((handler: SubmitHandler) => async (event?: FormEvent) => {
    event?.preventDefault();
    const current = stateRef.current;
    if (current.busy) return;
    lastHandler.current = handler;
    dispatch({ type: 'submit' });
    const submitting = formReducer(current, { type: 'submit' });
    const own = validateRef.current?.(current.values) ?? [];
    if (validateFields(fields, current.values, rulesRef.current).length > 0 || own.length > 0) {
      dispatch({ type: 'settled' });
      focusFirstInvalid(shownErrors(submitting, fields, own, rulesRef.current));
      return;
    }
    const values = normalizeForSubmit(fields, current.values);
    // The handler runs as an async transition (a React action): a move it makes (goTo is a transition)
    // and the form's 'settled' share its lane, so they show together. While the next screen's code
    // loads, the form stays on view with its button busy, rather than a lone spinner (issue 15).
    const outcome = await new Promise<{ result: unknown } | { thrown: unknown }>((resolve) => {
      startTransition(async () => {
        try {
          const result = await handler({ values, payload: toPayload(values), raw: current.values });
          if (!toFormProblem(result, false)) startTransition(() => dispatch({ type: 'settled' }));
          resolve({ result });
        } catch (thrown) {
          resolve({ thrown });
        }
      });
    });
    if ('thrown' in outcome) {
      if ((outcome.thrown as Error)?.name === 'AbortError') return void dispatch({ type: 'settled' });
      return applyProblem(outcome.thrown, true);
    }
    const problem = toFormProblem(outcome.result, false);
    if (problem) applyProblem(problem, true);
  }, [fields, focusFirstInvalid, applyProblem]);

  resubmit.current = () => {
    if (lastHandler.current) void handleSubmit(lastHandler.current)();
  };

  const inputRef = useCallback((path: string, label?: string) => {
    const entry = registry.current.get(path);
    if (entry) entry.label = label;
    else registry.current.set(path, { el: null, label });
    let cb = refCallbacks.current.get(path);
    if (!cb) {
      cb = (el: HTMLElement | null) => {
        const r = registry.current.get(path);
        if (r) r.el = el;
      };
      refCallbacks.current.set(path, cb);
    }
    return cb;
  }, []);

  return {
    fields,
    values: state.values,
    busy: state.busy,
    submitted: state.submitted,
    setValue: useCallback((path: string, value: FieldValue) => dispatch({ type: 'change', path, value }), []),
    touch: useCallback((path: string) => dispatch({ type: 'touch', path }), []),
    errorFor: useCallback((path: string) => byPath.get(path), [byPath]),
    errorList,
    inputRef,
    handleSubmit,
    showProblem: useCallback((problem: unknown, options?: { merge?: boolean }) => applyProblem(problem, false, options?.merge), [applyProblem]),
    dismiss: useCallback((codes: readonly string[]) => dispatch({ type: 'dismiss', codes }), []),
    setValues: useCallback((values: FieldValues) => {
      for (const [path, value] of Object.entries(values)) dispatch({ type: 'change', path, value });
    }, []),
    rules,
  };
}
