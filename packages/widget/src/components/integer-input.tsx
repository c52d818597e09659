import { useEffect, useId, useRef, useState } from 'react';
import { addLazySheet } from '../app/styles/stylesheets.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import integerCss from './integer-input.css?inline';
import { INTEGER_CHANGE_DEBOUNCE_MS, canStep, normalizeInteger } from './integer-input-logic.ts';

export interface IntegerInputProps {
  label: string;
  value: number;
  min: number;
  max?: number | null;
  disabled?: boolean;
  help?: string;
  /** Called 500 ms after the last change, with the normalized value. */
  onChange(value: number): void;
}

/** Gives the input's shadow root its stylesheet (with the input's chunk, not app.js: the first screens show none). */
function integerSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'integer-input', integerCss);
}

/** Integer input with minus and plus buttons (role=spinbutton). */
export function IntegerInput({ label, value, min, max, disabled, help, onChange }: IntegerInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(String(value));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = normalizeInteger(text, min, max);

  useEffect(() => setText(String(value)), [value]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  function schedule(next: number) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), INTEGER_CHANGE_DEBOUNCE_MS);
  }
  function step(delta: 1 | -1) {
    if (!canStep(current, delta, min, max)) return;
    const next = normalizeInteger(String(current + delta), min, max);
    setText(String(next));
    schedule(next);
  }

  return (
    <div ref={integerSheetRef} className="p-field">
      <label className="p-label" htmlFor={id}>
        {label}
      </label>
      <div className="p-integer">
        <button type="button" className="p-step" aria-label={t('controls.decrease', { label })} aria-controls={id}
          disabled={disabled || !canStep(current, -1, min, max)} onClick={() => step(-1)}>
          −
        </button>
        <input
          id={id}
          className="p-input"
          type="text"
          inputMode="numeric"
          role="spinbutton"
          aria-valuemin={min}
          aria-valuemax={max ?? undefined}
          aria-valuenow={current}
          aria-describedby={help ? `${id}-help` : undefined}
          disabled={disabled}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            schedule(normalizeInteger(e.target.value, min, max));
          }}
          onBlur={() => setText(String(current))}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp') { e.preventDefault(); step(1); }
            if (e.key === 'ArrowDown') { e.preventDefault(); step(-1); }
          }}
        />
        <button type="button" className="p-step" aria-label={t('controls.increase', { label })} aria-controls={id}
          disabled={disabled || !canStep(current, 1, min, max)} onClick={() => step(1)}>
          +
        </button>
      </div>
      {help && <p id={`${id}-help`} className="p-help">{help}</p>}
    </div>
  );
}
