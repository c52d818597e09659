import { STATIC_SETTINGS_PATH, type InitSettings } from '@portico/core';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import { familyToWire } from '../catalog/catalog.mappers.ts';
import type { emailListsRepository } from '../email-lists/email-lists.repository.ts';
import type { fieldsRepository } from '../fields/fields.repository.ts';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';
import { gatewaySettings } from '../payments/gateway-settings.ts';

export const STATIC_CONFIG_PATH = STATIC_SETTINGS_PATH;

export interface InitDeps {
  config: CompanyConfig;
  catalog: CatalogRepository;
  emailLists: ReturnType<typeof emailListsRepository>;
  fields: ReturnType<typeof fieldsRepository>;
}

/** The startup settings of spec 1 section 3 and spec 2 section 3, from config and catalogue. */
export async function buildInitSettings({ config, catalog, emailLists, fields }: InitDeps): Promise<InitSettings> {
  const currency = config.company.currency;
  const [families, plans, lists, registration, profile, account, discountsExist] = await Promise.all([
    catalog.listFamilies(), catalog.listPlans({ activeOnly: true }), emailLists.list(),
    fields.configuration('registration'), fields.configuration('profile'), fields.configuration('account'), catalog.anyActiveCoupon(),
  ]);
  const activeFamilies = families.filter((f) => f.IsActive);
  const termsFlags = (config.terms.locations.includes('Registration') ? 1 : 0) | (config.terms.locations.includes('UpdatePaymentInformation') ? 2 : 0);
  const signUpList = lists.find((l) => l.IsSignUpList) ?? null;
  const strip = ({ IsSignUpList: _ignored, ...l }: (typeof lists)[number]) => l;
  const symbol = config.company.currencySymbol ?? new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? '$';

  return {
    BillingSystem: config.billing.system,
    RegistrationEnabled: config.registration.enabled,
    CustomCss: config.customCss,
    RegistrationUrls: {
      Registration: config.registration.registrationUrl,
      PostLogin: config.registration.postLoginUrl,
      PostForgotPassword: config.registration.postForgotPasswordUrl,
    },
    EmailList: signUpList ? strip(signUpList) : null,
    EmailLists: lists.map(strip),
    GoogleOAuthClientId: config.google.clientId,
    PasswordPolicy: config.passwordPolicy,
    // Rich text (http/sanitize-rich-text.ts); plan descriptions arrive sanitized from the catalogue (planFromRow).
    TermsText: sanitizeRichText(config.terms.html),
    TermsLocations: termsFlags,
    CaptchaEnabled: config.captcha.provider !== 'none',
    CaptchaProvider: config.captcha.provider,
    DiscountsExist: discountsExist,
    TaxIdTypes: config.billing.taxIdTypes,
    TranslationOverrideLanguages: Object.keys(config.translations),
    TranslationOverrides: config.translations,
    PlanFamilies: activeFamilies.map((f) => {
      const wire = familyToWire(f, plans.filter((p) => p.PlanFamilyUid === f.Uid), currency);
      wire.Plans.forEach((p) => {
        // Sign-up offers only add-ons still sold; existing subscriptions keep theirs.
        p.PlanAddOns = p.PlanAddOns.filter((pa) => pa.AddOn.IsActive);
      });
      return wire;
    }),
    FieldConfiguration: { Registration: registration, Profile: profile, Account: account },
    PaymentSettings: {
      CallbackUrl: config.registration.callbackUrl,
      CompanyName: config.company.name,
      ...gatewaySettings(config),
      PaymentsMode: config.billing.paymentsMode,
      CaptchaSiteKey: config.captcha.siteKey ?? null,
      Currency: currency,
      CurrencySymbol: symbol,
      TaxEnabled: config.billing.taxEnabled,
      Uid: config.company.uid,
    },
    Theme: config.theme,
    StaticConfig: { Path: STATIC_CONFIG_PATH, CacheDurationSeconds: config.staticConfigCacheSeconds },
    SignIn: { TokenInQuery: config.auth.tokenInQuery, RememberLastEmail: config.auth.rememberLastEmail },
    SignUp: { RequirePassword: config.registration.requirePassword, RequirePaymentInformation: config.registration.requirePaymentInformation },
    ...(config.billing.cancellationReasons ? { CancellationReasons: config.billing.cancellationReasons } : {}),
  };
}
