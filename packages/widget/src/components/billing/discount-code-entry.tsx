import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { billingSheetRef } from './setup.ts';
import { DISCOUNT_FOCUS_DELAY_MS, canApplyCode } from './discount-code-logic.ts';

export interface DiscountCodeEntryProps {
  /** The applied code, if any. */
  applied: string | null;
  busy?: boolean;
  /** Looks the code up; resolves true when it was applied (the entry then closes). */
  onApply(code: string): Promise<boolean>;
  onRemove(): void;
}

/**
 * Discount-code entry (spec 5 and 9): a 'Have a discount code?' link opens an
 * input with Apply; a non-empty value is needed; Enter applies, Escape closes;
 * focus moves into the input 100 ms after opening. Errors are shown by the
 * caller's shared error list.
 */
export function DiscountCodeEntry({ applied, busy, onApply, onRemove }: DiscountCodeEntryProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

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
        <p className="p-discount-applied">
          <span>{t('billing.discount.applied', { code: applied })}</span>
          <button type="button" className="p-link" onClick={onRemove}>{t('billing.discount.remove')}</button>
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
        <div className="p-discount-row">
          <div className="p-field">
            <label className="p-label" htmlFor={id}>{t('billing.discount.label')}</label>
            <input
              ref={input}
              id={id}
              className="p-input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') { e.preventDefault(); void apply(); }
                if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
              }}
            />
          </div>
          <button type="button" className="p-btn p-btn-secondary" disabled={!canApplyCode(code) || busy} onClick={() => void apply()}>
            {t('billing.discount.apply')}
          </button>
          <button type="button" className="p-step" aria-label={t('common.cancel')} onClick={close}>×</button>
        </div>
      )}
    </div>
  );
}
