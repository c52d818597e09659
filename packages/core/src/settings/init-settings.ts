import type { ThemeSettings } from '../theme/theme.ts';
import type { BillingRenewalTerm, ControlType, FieldBehavior } from '../entities/billing-terms.ts';
import type { AddOn, DiscountCoupon, Plan, PlanFamily } from '../entities/catalog.ts';

/**
 * Wire shapes (PascalCase, money in major units) of GET /api/v1/widgets/auth/init:
 * the startup settings of spec 1 section 3 and spec 2 section 3.
 */
/** The catalogue on the wire: the domain shapes' fields, amounts in major units. */
export type WireAddOn = AddOn & { AddOnType: 'Usage' | null };

export type WirePlan = Omit<Plan, 'PlanFamilyUid' | 'PlanAddOns'> & {
  PlanFamily: { Uid: string };
  PlanAddOns: { AddOn: WireAddOn; IsUserSelectable: boolean }[];
};

export type WirePlanFamily = PlanFamily & { Plans: WirePlan[] };

export type WireDiscountCoupon = DiscountCoupon;

export interface PasswordPolicy {
  MinimumLength: number;
  UpperLowerNumberRequired: boolean;
  SpecialCharacterRequired: boolean;
  PasswordHistoryEnabled: boolean;
  PasswordHistorySize: number;
  PersonalDataDisallowed: boolean;
}

export interface WireFieldDefinition {
  Uid: string;
  EntityType: 'Account' | 'Person';
  SystemName: string;
  Label: string;
  ControlType: ControlType;
  /** JSON string with Options, as the spec writes it. */
  ControlParams: string | null;
  SameAsLabel?: string | null;
  SameAsLabelDefault?: boolean | null;
  SameAsObject?: string | null;
}

export interface WireFieldConfigurationEntry {
  Behavior: FieldBehavior;
  Group: string | null;
  Definition: WireFieldDefinition;
}

export interface WireEmailList {
  Uid: string;
  Name: string;
  Description: string | null;
  RequiresDoubleOptIn: boolean;
}

/** Where the server also serves InitSettings as a cacheable static file (spec: "A static JSON config is tried first when a cache duration is set"). */
export const STATIC_SETTINGS_PATH = '/config/portico-settings.json';

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none';

export interface InitSettings {
  BillingSystem: 'Native' | 'Stripe';
  RegistrationEnabled: boolean;
  CustomCss: string;
  RegistrationUrls: { Registration: string | null; PostLogin: string | null; PostForgotPassword: string | null };
  EmailList: WireEmailList | null;
  EmailLists: WireEmailList[];
  GoogleOAuthClientId: string | null;
  PasswordPolicy: PasswordPolicy;
  TermsText: string | null;
  /** Bit flags: Registration 1, UpdatePaymentInformation 2. */
  TermsLocations: number;
  CaptchaEnabled: boolean;
  /**
   * Which captcha the sign-up shows when CaptchaEnabled: ALTCHA (self-hosted proof-of-work, challenge
   * from GET /captcha/challenge), reCAPTCHA or Turnstile (with PaymentSettings.CaptchaSiteKey).
   */
  CaptchaProvider: CaptchaProvider;
  DiscountsExist: boolean;
  TaxIdTypes: { Code: string; Name: string }[];
  TranslationOverrideLanguages: string[];
  TranslationOverrides: Record<string, Record<string, string>>;
  PlanFamilies: WirePlanFamily[];
  FieldConfiguration: { Registration: WireFieldConfigurationEntry[]; Profile: WireFieldConfigurationEntry[]; Account: WireFieldConfigurationEntry[] };
  PaymentSettings: {
    CallbackUrl: string | null;
    CompanyName: string;
    /** Which card entry the widget shows: the sandbox's local card form, Stripe's Payment Element; None when unknown (offline fallback). */
    GatewayActivationStatus: 'ForteEnabled' | 'StripeEnabled' | 'SandboxEnabled' | 'None';
    PaymentsMode: 'automatic' | 'manual';
    CaptchaSiteKey: string | null;
    Currency: string;
    CurrencySymbol: string;
    PublishableKey: string | null;
    TaxEnabled: boolean;
    Uid: string;
  };
  Theme: ThemeSettings;
  /** Where the same settings are served as a static, cacheable JSON file. */
  StaticConfig: { Path: string; CacheDurationSeconds: number };
  /**
   * Finishing login (company config `auth`): TokenInQuery puts the access token in the post-login
   * URL's query instead of its fragment; RememberLastEmail keeps the last email in localStorage.
   * Optional: settings cached before it existed lack it (both then count as false).
   */
  SignIn?: { TokenInQuery: boolean; RememberLastEmail: boolean };
  /**
   * Sign-up (company config `registration.requirePassword`): the register screen asks for a password
   * with the live policy check; without it the person sets one from the mailed link. Optional:
   * settings cached before it existed lack it (counts as false).
   */
  /** RequirePaymentInformation: the site asks for payment information at every sign-up with a plan (registration.requirePaymentInformation). */
  SignUp?: { RequirePassword: boolean; RequirePaymentInformation?: boolean };
  /**
   * planCancel's reasons when the company configures its own (`billing.cancellationReasons`); absent: the
   * spec's default six (core billing/cancellation.ts), which the widget translates. Issue 16.
   */
  CancellationReasons?: string[];
}

export type { BillingRenewalTerm };
