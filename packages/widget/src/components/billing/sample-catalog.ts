import { DEFAULT_THEME } from '@portico/core';
import type { InitSettings, WireAddOn, WireDiscountCoupon, WirePlan } from '@portico/core';

/**
 * A sample catalogue for unit tests (a made-up journal: Community, Pro, Team, with add-ons of every
 * kind), in the shapes of GET /api/v1/widgets/auth/init. Demo mode no longer uses it: it shows the
 * demo company (demo/demo-settings.ts, issue 15).
 */
const FAMILY = 'fam_demo';

function plan(p: Partial<WirePlan> & Pick<WirePlan, 'Uid' | 'Name'>): WirePlan {
  return {
    Description: null, IsActive: true, IsDefault: false, IsQuantityEditable: false, IsPerUser: false,
    MinimumQuantity: 0, MaximumPeople: null, MonthlyRate: null, QuarterlyRate: null, AnnualRate: null,
    OneTimeRate: null, SetupFee: null, UnitOfMeasure: null, UnitOfMeasurePlural: null, TrialPeriodDays: null,
    TrialUntilDate: null, RequirePaymentInformation: true, AccountRegistrationMode: 'Individual',
    PlanFamily: { Uid: FAMILY }, PlanAddOns: [],
    ...p,
  };
}

function addOn(a: Partial<WireAddOn> & Pick<WireAddOn, 'Uid' | 'Name'>): WireAddOn {
  return {
    UnitOfMeasure: null, BillingAddOnType: 'Recurring', AddOnType: null, IsQuantityEditable: false, MinimumQuantity: 0,
    IsBilledDuringTrial: false, MonthlyRate: null, QuarterlyRate: null, AnnualRate: null, OneTimeRate: null,
    SetupFee: null, IsActive: true,
    ...a,
  };
}

const PRINT = addOn({ Uid: 'addon_print', Name: 'Print edition', MonthlyRate: 4.99, AnnualRate: 49 });
const ARCHIVE = addOn({ Uid: 'addon_archive', Name: 'Archive access', BillingAddOnType: 'OneTime', OneTimeRate: 19 });
const STORAGE = addOn({
  Uid: 'addon_storage', Name: 'Extra storage', UnitOfMeasure: '10 GB', IsQuantityEditable: true, MinimumQuantity: 1,
  MonthlyRate: 2, AnnualRate: 20,
});
const CONSOLE = addOn({ Uid: 'addon_console', Name: 'Admin console', MonthlyRate: 0, AnnualRate: 0 });
const ONBOARDING = addOn({ Uid: 'addon_onboarding', Name: 'Onboarding session', BillingAddOnType: 'OneTime', OneTimeRate: 99 });

export const SAMPLE_PLANS: WirePlan[] = [
  plan({
    Uid: 'plan_free', Name: 'Community', MonthlyRate: 0, AnnualRate: 0, RequirePaymentInformation: false,
    Description: 'Read every public post, join the community forum and get the monthly newsletter.',
  }),
  plan({
    Uid: 'plan_pro', Name: 'Pro', IsDefault: true, MonthlyRate: 29.99, AnnualRate: 299, TrialPeriodDays: 14,
    PlanAddOns: [{ AddOn: PRINT, IsUserSelectable: true }, { AddOn: ARCHIVE, IsUserSelectable: true }],
    Description: 'Everything in Community, plus premium articles, the full video library and member-only events.',
  }),
  plan({
    Uid: 'plan_team', Name: 'Team', MonthlyRate: 79, AnnualRate: 790, IsPerUser: true, IsQuantityEditable: true,
    MinimumQuantity: 3, MaximumPeople: 50, UnitOfMeasure: 'seat', UnitOfMeasurePlural: 'seats',
    AccountRegistrationMode: 'Team',
    PlanAddOns: [
      { AddOn: CONSOLE, IsUserSelectable: false },
      { AddOn: STORAGE, IsUserSelectable: true },
      { AddOn: ONBOARDING, IsUserSelectable: true },
    ],
    Description: 'Pro for your whole team: shared billing, seat management and priority support.',
  }),
  plan({ Uid: 'plan_legacy', Name: 'Legacy', MonthlyRate: 5, IsActive: false, Description: 'No longer offered.' }),
];

/** Sample discount codes. */
export const SAMPLE_COUPONS: WireDiscountCoupon[] = [
  { Uid: 'cpn_welcome', UniqueIdentifier: 'WELCOME10', Name: 'Welcome 10%', PercentOff: 10, AmountOff: null, Duration: 'Forever', DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true },
  { Uid: 'cpn_first', UniqueIdentifier: 'FIRST20', Name: '20% off the first invoice', PercentOff: 20, AmountOff: null, Duration: 'Once', DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true },
  { Uid: 'cpn_team', UniqueIdentifier: 'TEAM50', Name: '$50 off Team', PercentOff: null, AmountOff: 50, Duration: 'Once', DurationInMonths: null, RedeemBy: null, PlanUids: ['plan_team'], IsActive: true },
  { Uid: 'cpn_old', UniqueIdentifier: 'SUMMER2020', Name: 'Summer 2020', PercentOff: 25, AmountOff: null, Duration: 'Once', DurationInMonths: null, RedeemBy: '2020-09-01T00:00:00.000Z', PlanUids: [], IsActive: true },
];

export const SAMPLE_SETTINGS: InitSettings = {
  BillingSystem: 'Native',
  RegistrationEnabled: true,
  CustomCss: '',
  RegistrationUrls: { Registration: null, PostLogin: null, PostForgotPassword: null },
  EmailList: { Uid: 'list_news', Name: 'Newsletter', Description: 'Our monthly newsletter.', RequiresDoubleOptIn: false },
  EmailLists: [
    { Uid: 'list_news', Name: 'Newsletter', Description: 'Our monthly newsletter.', RequiresDoubleOptIn: false },
    { Uid: 'list_product', Name: 'Product updates', Description: 'New features, a few times a year.', RequiresDoubleOptIn: true },
  ],
  GoogleOAuthClientId: null,
  PasswordPolicy: {
    MinimumLength: 8, UpperLowerNumberRequired: true, SpecialCharacterRequired: false,
    PasswordHistoryEnabled: false, PasswordHistorySize: 0, PersonalDataDisallowed: true,
  },
  TermsText: 'I agree to the Terms of Service and Privacy Policy.',
  TermsLocations: 1,
  CaptchaEnabled: false,
  CaptchaProvider: 'none',
  DiscountsExist: true,
  TaxIdTypes: [{ Code: 'eu_vat', Name: 'EU VAT' }],
  TranslationOverrideLanguages: [],
  TranslationOverrides: {},
  PlanFamilies: [
    { Uid: FAMILY, Name: 'Memberships', IsDefault: true, IsActive: true, Plans: SAMPLE_PLANS },
  ],
  FieldConfiguration: { Registration: [], Profile: [], Account: [] },
  PaymentSettings: {
    CallbackUrl: null, CompanyName: 'Northwind Journal', GatewayActivationStatus: 'SandboxEnabled',
    PaymentsMode: 'automatic', CaptchaSiteKey: null, Currency: 'USD', CurrencySymbol: '$',
    PublishableKey: null, TaxEnabled: false, Uid: 'pay_demo',
  },
  Theme: { ...DEFAULT_THEME },
  StaticConfig: { Path: '/api/v1/widgets/auth/init.json', CacheDurationSeconds: 0 },
  SignIn: { TokenInQuery: false, RememberLastEmail: true },
};
