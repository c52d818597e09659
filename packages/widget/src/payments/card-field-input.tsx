import type { DisplayError } from '../components/error-list-logic.ts';
import { useErrorText } from '../i18n/use-error-text.ts';

export interface CardFieldInputProps {
  id: string;
  label: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'text' | undefined;
  placeholder?: string | undefined;
  /** Said to screen readers after the label (the placeholder is not a label). */
  hint?: string | undefined;
  value: string;
  error: DisplayError | undefined;
  inputRef?: ((el: HTMLInputElement | null) => void) | undefined;
  onChange(value: string, previous: string): void;
  onBlur(): void;
}

/** One input of the native card form: labelled, its error linked with aria-describedby and flagged with aria-invalid. */
export function CardFieldInput({ id, label, autoComplete, inputMode, placeholder, hint, value, error, inputRef, onChange, onBlur }: CardFieldInputProps) {
  const errorText = useErrorText(error !== undefined);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={id}>{label}</label>
      <input id={id} ref={inputRef} className="p-input" autoComplete={autoComplete} inputMode={inputMode} spellCheck={false}
        aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={describedBy} placeholder={placeholder}
        value={value} onChange={(e) => onChange(e.target.value, value)} onBlur={onBlur} />
      {hint && <span id={hintId} className="p-sr-only">{hint}</span>}
      {error && <p id={errorId} className="p-field-error">{errorText(error)}</p>}
    </div>
  );
}
