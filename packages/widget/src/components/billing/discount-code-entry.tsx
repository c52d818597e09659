import { useEffect, useId, useRef, useState } from 'react';
import { useErrorText } from '../../i18n/use-error-text.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { DisplayError } from '../error-list-logic.ts';
import { billingSheetRef } from './setup.ts';
import { DISCOUNT_FOCUS_DELAY_MS, canApplyCode } from './discount-code-logic.ts';

export interface DiscountCodeEntryProps {
  /** The applied code, if any: shown as a removable chip. */
  applied: string | null;
  busy?: boolean;
  /** Why the last code was refused: shown under the field, which it describes. */
  errors?: readonly DisplayError[];
  /** Looks the code up; resolves true when it was applied (the entry then closes). */
  onApply(code: string): Promise<boolean>;
  onRemove(): void;
}

/**
 * Discount-code entry (spec 5 and 9): a 'Have a discount code?' link opens an
 * input with Apply; a non-empty value is needed; Enter applies, Escape closes;
 * focus moves into the input 100 ms after opening. A refused code's error sits
 * under the field until the code is edited or cleared; an applied code is a chip with a remove button.
 */
export function DiscountCodeEntry({ applied, busy, errors = [], onApply, onRemove }: DiscountCodeEntryProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Editing the code (clearing it included) takes the last refusal away, as a form field's server error goes once it is edited.
  const [edited, setEdited] = useState<readonly DisplayError[] | null>(null);
  const refused = errors.length > 0 && errors !== edited;
  const errorText = useErrorText(refused);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => input.current?.focus(), DISCOUNT_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const close = () => {
    setOpen(false);
    setTimeout(() => opener.current?.focus(), 0);
  };
  const apply = async () => {
    if (!canApplyCode(code) || busy) return;
    if (await onApply(code.trim())) {
      setCode('');
      setOpen(false);
    }
  };

  if (applied) {
    return (
      <div ref={billingSheetRef} className="p-discount">
        <p className="p-chip" role="status">
          <span className="p-sr-only">{t('billing.discount.applied', { code: applied })}</span>
          <span aria-hidden="true">{applied}</span>
          <button type="button" className="p-chip-remove" aria-label={t('billing.discount.remove', { code: applied })} onClick={onRemove}>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true"><path d="M7 7l10 10M17 7L7 17" /></svg>
          </button>
        </p>
      </div>
    );
  }

  return (
    <div ref={billingSheetRef} className="p-discount">
      {!open ? (
        <button ref={opener} type="button" className="p-link" aria-expanded={false} onClick={() => setOpen(true)}>
          {t('billing.discount.open')}
        </button>
      ) : (
        <div className="p-field">
          <label className="p-label" htmlFor={id}>{t('billing.discount.label')}</label>
          <div className="p-discount-row">
            <input
              ref={input}
              id={id}
              className="p-input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={code}
              aria-invalid={refused || undefined}
              aria-describedby={refused ? errorId : undefined}
              onChange={(e) => { setCode(e.target.value); setEdited(errors); }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') { e.preventDefault(); void apply(); }
                if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
              }}
            />
            <button type="button" className="p-btn p-btn-secondary" disabled={!canApplyCode(code) || busy} onClick={() => void apply()}>
              {busy ? t('billing.discount.applying') : t('billing.discount.apply')}
            </button>
          </div>
          {refused && (
            <p id={errorId} className="p-field-error" role="alert">
              {errors.map((e) => errorText(e)).join(' ')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
