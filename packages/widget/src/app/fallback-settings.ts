import { DEFAULT_THEME } from '@portico/core';
import type { InitSettings } from '@portico/core';

/** Used when init fails, so screens still render (with no plans). */
export const FALLBACK_SETTINGS: InitSettings = {
  BillingSystem: 'Native',
  RegistrationEnabled: false,
  CustomCss: '',
  RegistrationUrls: { Registration: null, PostLogin: null, PostForgotPassword: null },
  EmailList: null,
  EmailLists: [],
  GoogleOAuthClientId: null,
  PasswordPolicy: {
    MinimumLength: 8, UpperLowerNumberRequired: false, SpecialCharacterRequired: false,
    PasswordHistoryEnabled: false, PasswordHistorySize: 0, PersonalDataDisallowed: false,
  },
  TermsText: null,
  TermsLocations: 0,
  CaptchaEnabled: false,
  CaptchaProvider: 'none',
  DiscountsExist: false,
  TaxIdTypes: [],
  TranslationOverrideLanguages: [],
  TranslationOverrides: {},
  PlanFamilies: [],
  FieldConfiguration: { Registration: [], Profile: [], Account: [] },
  PaymentSettings: {
    CallbackUrl: null, CompanyName: '', GatewayActivationStatus: 'None', PaymentsMode: 'automatic',
    CaptchaSiteKey: null, Currency: 'USD', CurrencySymbol: '$', PublishableKey: null, TaxEnabled: false, Uid: '',
  },
  Theme: { ...DEFAULT_THEME },
  StaticConfig: { Path: '', CacheDurationSeconds: 0 },
};
