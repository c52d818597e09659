import { DEFAULT_PASSWORD_MINIMUM_LENGTH } from '../entities/billing-terms.ts';
import { ErrorCode, type FieldError } from '../errors/error-codes.ts';
import { defaultMessages } from '../errors/default-messages.ts';
import type { PasswordPolicy } from '../settings/init-settings.ts';

/**
 * Password policy of spec 1 section 5 / spec 2 section 5. Each rule's result is
 * keyed by its PolicyKey, the name of the policy setting that turns it on, so
 * the widget's checklist and the server's answer (IsValid per PolicyKey) line up.
 */
export type PolicyKey = 'MinimumLength' | 'UpperLowerNumberRequired' | 'SpecialCharacterRequired' | 'PasswordHistoryEnabled' | 'PersonalDataDisallowed' | (string & {});

export interface PasswordRuleResult {
  PolicyKey: PolicyKey;
  IsValid: boolean;
}

/** A rule someone else decides, e.g. the server's common-password list (a later issue). */
export interface ExtraPasswordRule {
  PolicyKey: string;
  isValid(password: string): boolean;
}

export interface PasswordCheckInput {
  /** Email, first and last name: checked when PersonalDataDisallowed. */
  personalData?: readonly (string | null | undefined)[];
  /**
   * Whether the password is among the last PasswordHistorySize ones. Only the
   * server knows the history; without this predicate the history rule is left
   * out of the result (the widget shows it from the server's answer).
   */
  isInHistory?: (password: string, historySize: number) => boolean;
  extraRules?: readonly ExtraPasswordRule[];
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  MinimumLength: DEFAULT_PASSWORD_MINIMUM_LENGTH,
  UpperLowerNumberRequired: false,
  SpecialCharacterRequired: false,
  PasswordHistoryEnabled: false,
  PasswordHistorySize: 0,
  PersonalDataDisallowed: false,
};

/** Spec 1 section 9: the check runs locally after 1 s without typing, then on the server. */
export const PASSWORD_CHECK_DEBOUNCE_MS = 1000;

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
/** Anything that is not a letter, a digit or white space. */
const SPECIAL = /[^\p{L}\p{N}\s]/u;

/** Shortest piece of personal data that counts: shorter ones ('Al', 'jo') would forbid too many passwords. */
export const PERSONAL_DATA_MIN_LENGTH = 3;

/** Names as they are, and the email's local part cut at dots, plus signs and similar. */
export function personalDataTokens(data: readonly (string | null | undefined)[]): string[] {
  const tokens = new Set<string>();
  for (const item of data) {
    const text = (item ?? '').trim().toLowerCase();
    if (!text) continue;
    const local = text.includes('@') ? text.slice(0, text.indexOf('@')) : text;
    for (const part of [local, ...local.split(/[^\p{L}\p{N}]+/u)]) {
      if ([...part].length >= PERSONAL_DATA_MIN_LENGTH) tokens.add(part);
    }
  }
  return [...tokens];
}

export function effectiveMinimumLength(policy: Partial<PasswordPolicy> | null | undefined): number {
  const n = policy?.MinimumLength;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : DEFAULT_PASSWORD_MINIMUM_LENGTH;
}

/** The result of every rule the policy turns on, MinimumLength always first. */
export function checkPassword(password: string, policy: Partial<PasswordPolicy> | null | undefined, input: PasswordCheckInput = {}): PasswordRuleResult[] {
  const p = { ...DEFAULT_PASSWORD_POLICY, ...policy };
  const results: PasswordRuleResult[] = [
    { PolicyKey: 'MinimumLength', IsValid: [...password].length >= effectiveMinimumLength(p) },
  ];
  if (p.UpperLowerNumberRequired) {
    results.push({ PolicyKey: 'UpperLowerNumberRequired', IsValid: UPPER.test(password) && LOWER.test(password) && DIGIT.test(password) });
  }
  if (p.SpecialCharacterRequired) results.push({ PolicyKey: 'SpecialCharacterRequired', IsValid: SPECIAL.test(password) });
  if (p.PasswordHistoryEnabled && p.PasswordHistorySize > 0 && input.isInHistory) {
    results.push({ PolicyKey: 'PasswordHistoryEnabled', IsValid: !input.isInHistory(password, p.PasswordHistorySize) });
  }
  if (p.PersonalDataDisallowed) {
    const lower = password.toLowerCase();
    results.push({ PolicyKey: 'PersonalDataDisallowed', IsValid: !personalDataTokens(input.personalData ?? []).some((t) => lower.includes(t)) });
  }
  for (const rule of input.extraRules ?? []) results.push({ PolicyKey: rule.PolicyKey, IsValid: rule.isValid(password) });
  return results;
}

export function isPasswordAccepted(results: readonly PasswordRuleResult[]): boolean {
  return results.every((r) => r.IsValid);
}

const CODE_OF: Record<string, ErrorCode> = {
  MinimumLength: ErrorCode.PasswordTooShort,
  UpperLowerNumberRequired: ErrorCode.PasswordNeedsUpperLowerNumber,
  SpecialCharacterRequired: ErrorCode.PasswordNeedsSpecialCharacter,
  PasswordHistoryEnabled: ErrorCode.PasswordRecentlyUsed,
  PersonalDataDisallowed: ErrorCode.PasswordContainsPersonalData,
  CommonPasswordDisallowed: ErrorCode.PasswordTooCommon,
};

/** Failed rules as field errors on `field` (e.g. `Password` or `NewPassword`). */
export function passwordFieldErrors(field: string, results: readonly PasswordRuleResult[], policy?: Partial<PasswordPolicy> | null): FieldError[] {
  return results.filter((r) => !r.IsValid).map((r) => {
    const code = CODE_OF[r.PolicyKey] ?? ErrorCode.InvalidValue;
    const Message = r.PolicyKey === 'MinimumLength'
      ? `The password must be at least ${effectiveMinimumLength(policy)} characters long.`
      : defaultMessages[code];
    return { Field: field, ErrorCode: code, Message };
  });
}
