import { z } from 'zod';
import {
  CONTROL_TYPES, CORNER_SHAPES, DEFAULT_PASSWORD_MINIMUM_LENGTH, DEFAULT_THEME, DISPLAY_MODES, FIELD_BEHAVIORS, FIELD_STYLES,
  ZERO_DECIMAL_CURRENCIES,
} from '@portico/core';
import { compilePattern } from '@portico/core/fields/control-params';
import { CANCELLATION_REASON_MAX_LENGTH, CANCELLATION_REASONS_MAX } from '@portico/core/billing/cancellation';
import { addOnInput, couponInput, planFamilyInput, planInput, uidSchema } from '../catalog/catalog.schemas.ts';
import { authConfig } from '../auth/auth-config.ts';
import { leadFormInput } from '../lead-forms/lead-forms.schemas.ts';
import { leadFormProblems } from '../lead-forms/check-lead-form.ts';

const origin = z.string().url().refine((u) => new URL(u).origin === u.replace(/\/$/, ''), 'must be an origin: scheme://host[:port], no path');
const url = z.string().url().nullable().default(null);
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD');

const fieldDefinition = z.object({
  Uid: uidSchema,
  EntityType: z.enum(['Account', 'Person']),
  SystemName: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/),
  Label: z.string().min(1).max(200),
  ControlType: z.enum(CONTROL_TYPES),
  Options: z.array(z.object({ Value: z.string(), Label: z.string() }).strict()).optional(),
  SameAsLabel: z.string().optional(),
  SameAsLabelDefault: z.boolean().optional(),
  SameAsObject: z.string().optional(),
  // Spec 1 section 5 "Inputs": stored in ControlParams with the Options (core fields/control-params.ts).
  Min: z.union([z.number(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).optional(),
  Max: z.union([z.number(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).optional(),
  MinLength: z.number().int().min(0).optional(),
  MaxLength: z.number().int().min(1).optional(),
  Pattern: z.string().refine((p) => compilePattern(p) !== null, 'must be a valid regular expression').optional(),
}).strict();

const fieldUse = z.object({
  Field: uidSchema,
  Behavior: z.enum(FIELD_BEHAVIORS).default('Editable'),
  Group: z.string().max(100).optional(),
}).strict();

const taxRate = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  state: z.string().max(10).optional(),
  rateBasisPoints: z.number().int().min(0).max(10_000),
  name: z.string().max(60).optional(),
}).strict();

const envName = z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be the NAME of an environment variable (secrets never go in this file)');

/** Which payment gateway takes cards (docs/payments.md). Secrets come from the environment variables named here. */
const paymentsConfig = z.object({
  gateway: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** The sandbox takes no money; production refuses it unless this is set (a public demo site). */
  sandboxInProduction: z.boolean().default(false),
  stripe: z.object({
    publishableKey: z.string().regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)'),
    secretKeyEnv: envName.default('STRIPE_SECRET_KEY'),
    webhookSecretEnv: envName.default('STRIPE_WEBHOOK_SECRET'),
  }).strict().optional(),
}).strict().superRefine((p, ctx) => {
  if (p.gateway === 'stripe' && !p.stripe) ctx.addIssue({ code: 'custom', path: ['stripe'], message: "required when gateway is 'stripe' (publishableKey; the secret key is read from STRIPE_SECRET_KEY)" });
}).default({ gateway: 'sandbox', sandboxInProduction: false });

/**
 * The captcha on sign-up (docs/configuration.md "Captcha"): self-hosted ALTCHA proof-of-work by default
 * (no third party, works offline and under a strict CSP); reCAPTCHA or Turnstile with their site key and
 * the environment variable holding their secret.
 */
const captchaConfig = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'turnstile', 'none']).default('altcha'),
  siteKey: z.string().min(1).max(200).optional(),
  secretEnv: envName.optional(),
  /** The provider's siteverify URL; set only to point tests at a local stand-in. */
  verifyUrl: z.string().url().optional(),
  /** ALTCHA: how long a challenge may be solved and submitted. */
  challengeSeconds: z.number().int().min(60).max(86_400).default(1200),
  /** ALTCHA: SHA-256 rounds a browser runs on average to solve a challenge (the work asked of a bot per submit). */
  difficulty: z.number().int().min(100).max(5_000_000).default(50_000),
}).strict().superRefine((c, ctx) => {
  if (c.provider !== 'recaptcha' && c.provider !== 'turnstile') return;
  if (!c.siteKey) ctx.addIssue({ code: 'custom', path: ['siteKey'], message: `required when provider is '${c.provider}'` });
  if (!c.secretEnv) ctx.addIssue({ code: 'custom', path: ['secretEnv'], message: `required when provider is '${c.provider}': the NAME of the environment variable holding the secret key` });
}).default({ provider: 'altcha', challengeSeconds: 1200, difficulty: 50_000 });

/** "Sign in with Google" on sign-up: the OAuth client id, and where Google's signing keys are (tests serve their own). */
const googleConfig = z.object({
  clientId: z.string().min(1).max(300).nullable().default(null),
  jwksUrl: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
}).strict().default({ clientId: null, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' });

/** Where the server POSTs each new sign-up (Standard Webhooks, signed with the secret in secretEnv). */
const webhooksConfig = z.object({
  signup: z.object({
    url: z.string().url(),
    secretEnv: envName.default('PORTICO_SIGNUP_WEBHOOK_SECRET'),
  }).strict().optional(),
  /**
   * Where the server POSTs account activity (issue 17, docs/billing.md "Activity webhooks"): subscription
   * created, changed, cancelled, restored, renewed; payment failed; invoice paid. Same format and signing as signup.
   */
  activity: z.object({
    url: z.string().url(),
    secretEnv: envName.default('PORTICO_ACTIVITY_WEBHOOK_SECRET'),
  }).strict().optional(),
}).strict().default({});

/**
 * Dunning (issue 17, docs/billing.md "Renewals and dunning"): when a failed renewal charge is tried
 * again, in days after the first failed attempt (the first entry is that attempt, day 0), and what
 * happens after the last one. A hard decline is never retried whatever this says.
 */
const dunningConfig = z.object({
  retryDays: z.array(z.number().int().min(0).max(60)).min(1).max(10)
    .refine((d) => d[0] === 0 && d.every((v, i) => i === 0 || v > d[i - 1]!), 'must start at 0 and increase')
    .default([0, 1, 3, 7]),
  /** After the last attempt failed: end the subscription (the account is Cancelled), or keep it past due until the customer pays. */
  afterLastAttempt: z.enum(['cancel', 'stayPastDue']).default('cancel'),
}).strict().default({ retryDays: [0, 1, 3, 7], afterLastAttempt: 'cancel' });

/**
 * The community server (docs/configuration.md "Community server"): who may join the company's
 * Discord and whether the widget offers it right after login. Absent: nobody is offered it.
 */
const communityConfig = z.object({
  discord: z.object({
    /** The server's invite link the widget's 'Join our Discord' opens; given only to people with access. */
    inviteUrl: z.string().url().refine((u) => u.startsWith('https://'), 'must be an https:// link').optional(),
    /** Show the connect prompt (discordInterstitial) before the post-login redirect to people with access who are not connected. */
    promptAfterLogin: z.boolean().default(false),
    /**
     * Plans whose current subscribers have access; absent: every account with a current subscription.
     * Not checked against the config's plans: plans added through the admin API may be named too.
     */
    planUids: z.array(uidSchema).min(1).optional(),
    /**
     * Connecting a member's Discord account (issue 18; docs/community.md): OAuth2 authorization code
     * with PKCE against `authorizeUrl`/`tokenUrl`, the API at `apiBaseUrl`, the bot in `guildId`.
     * Absent: the status and the invite link only, no connect. Secrets are read from the environment
     * variables named here, never from the file.
     */
    oauth: z.object({
      clientId: z.string().min(1).max(100),
      /** Portico's callback as registered with the Discord application: `${PUBLIC_URL}/api/v1/community/discord/callback`. */
      redirectUri: z.string().url().refine((u) => /\/api\/v1\/community\/discord\/callback$/.test(new URL(u).pathname), 'must end with /api/v1/community/discord/callback'),
      clientSecretEnv: envName.default('PORTICO_DISCORD_CLIENT_SECRET'),
      botTokenEnv: envName.default('PORTICO_DISCORD_BOT_TOKEN'),
      guildId: z.string().regex(/^[0-9A-Za-z_-]{1,40}$/, 'must be the server (guild) id'),
      authorizeUrl: z.string().url().default('https://discord.com/oauth2/authorize'),
      tokenUrl: z.string().url().default('https://discord.com/api/oauth2/token'),
      apiBaseUrl: z.string().url().default('https://discord.com/api/v10'),
      scopes: z.array(z.string().regex(/^[a-z.]+$/)).min(1).default(['identify', 'guilds.join']),
      /**
       * Roles Portico manages: `defaultRoleId` for every person with access, plus `rolesByPlan[planUid]`
       * for the plans of their accounts' current subscriptions. Roles not named here are left alone.
       */
      defaultRoleId: z.string().regex(/^[0-9A-Za-z_-]{1,40}$/).optional(),
      rolesByPlan: z.record(uidSchema, z.string().regex(/^[0-9A-Za-z_-]{1,40}$/)).default({}),
      /** How often the reconciliation job compares expected and actual roles. */
      reconcileEveryMinutes: z.number().int().min(1).max(1440).default(15),
    }).strict().optional(),
  }).strict().optional(),
}).strict().default({});

export const companyConfigSchema = z.object({
  company: z.object({
    uid: uidSchema.default('company'),
    name: z.string().min(1).max(200),
    websiteUrl: url,
    siteOrigins: z.array(origin).default([]),
    currency: currency.default('USD'),
    currencySymbol: z.string().max(5).optional(),
    /** The company's postal address as it heads an invoice PDF, one line each (issue 16; docs/billing.md "Invoices and the PDF"). */
    address: z.array(z.string().max(200)).max(8).optional(),
  }).strict(),
  billing: z.object({
    system: z.enum(['Native', 'Stripe']).default('Native'),
    paymentsMode: z.enum(['automatic', 'manual']).default('automatic'),
    taxEnabled: z.boolean().default(false),
    taxBehavior: z.enum(['exclusive', 'inclusive']).default('exclusive'),
    taxRates: z.array(taxRate).default([]),
    taxIdTypes: z.array(z.object({ Code: z.string(), Name: z.string() }).strict()).default([]),
    /** planCancel's reasons (spec 2 section 2 "A configuration JSON can override them"); absent: the spec's six (core billing/cancellation.ts). */
    cancellationReasons: z.array(z.string().trim().min(1).max(CANCELLATION_REASON_MAX_LENGTH)).min(1).max(CANCELLATION_REASONS_MAX).optional(),
    /**
     * An optional retention offer (issue 16, off by default so the spec's flow is exact): planCancel shows `message`
     * once per account before the final button; accepting puts the coupon on the current subscription and keeps the plan.
     */
    retentionOffer: z.object({ couponUid: uidSchema, message: z.string().trim().min(1).max(500) }).strict().optional(),
    dunning: dunningConfig,
  }).strict().default({
    system: 'Native', paymentsMode: 'automatic', taxEnabled: false, taxBehavior: 'exclusive', taxRates: [], taxIdTypes: [],
    dunning: { retryDays: [0, 1, 3, 7], afterLastAttempt: 'cancel' },
  }),
  payments: paymentsConfig,
  registration: z.object({
    enabled: z.boolean().default(true),
    registrationUrl: url,
    postLoginUrl: url,
    postForgotPasswordUrl: url,
    callbackUrl: url,
    /** 'Almost done': new people confirm their email through a single-use link before they count as confirmed (docs/registration.md). */
    requireEmailConfirmation: z.boolean().default(false),
    /** Where the confirmation link points when the widget sends no confirmationUrl; must be on a site origin. */
    confirmationUrl: url,
    /** Spec 1 section 4: payment information is required when the total is above 0, or the site (this) or the plan requires it. */
    requirePaymentInformation: z.boolean().default(false),
    /** Sign-up asks for a password (checked against passwordPolicy); otherwise one may be sent and is then checked. */
    requirePassword: z.boolean().default(false),
  }).strict().default({
    enabled: true, registrationUrl: null, postLoginUrl: null, postForgotPasswordUrl: null, callbackUrl: null,
    requireEmailConfirmation: false, confirmationUrl: null, requirePaymentInformation: false, requirePassword: false,
  }),
  captcha: captchaConfig,
  google: googleConfig,
  webhooks: webhooksConfig,
  community: communityConfig,
  /** Help requests (issue 18, docs/support.md): where the company is told of a new case. Absent: only the sender is mailed. */
  support: z.object({ emailAddress: z.string().trim().email().max(320).optional() }).strict().default({}),
  /** Live chat (issue 19, docs/chat.md): what the chat panel says before the first message, and whether it asks for an e-mail first. */
  chat: z.object({
    introHeading: z.string().trim().min(1).max(200).default('Hi there'),
    introMessage: z.string().trim().max(1000).default('Ask us anything, we are here to help.'),
    requireEmail: z.boolean().default(false),
    requireEmailMessage: z.string().trim().max(1000).default('Please leave your e-mail so we can reply if you leave the page.'),
  }).strict().default({
    introHeading: 'Hi there', introMessage: 'Ask us anything, we are here to help.', requireEmail: false,
    requireEmailMessage: 'Please leave your e-mail so we can reply if you leave the page.',
  }),
  auth: authConfig,
  passwordPolicy: z.object({
    MinimumLength: z.number().int().min(6).max(128).default(DEFAULT_PASSWORD_MINIMUM_LENGTH),
    UpperLowerNumberRequired: z.boolean().default(false),
    SpecialCharacterRequired: z.boolean().default(false),
    PasswordHistoryEnabled: z.boolean().default(false),
    PasswordHistorySize: z.number().int().min(0).max(24).default(0),
    PersonalDataDisallowed: z.boolean().default(false),
  }).strict().default({ MinimumLength: DEFAULT_PASSWORD_MINIMUM_LENGTH, UpperLowerNumberRequired: false, SpecialCharacterRequired: false, PasswordHistoryEnabled: false, PasswordHistorySize: 0, PersonalDataDisallowed: false }),
  terms: z.object({
    html: z.string().max(20_000).nullable().default(null),
    locations: z.array(z.enum(['Registration', 'UpdatePaymentInformation'])).default([]),
  }).strict().default({ html: null, locations: [] }),
  theme: z.object({
    displayMode: z.enum(DISPLAY_MODES).default(DEFAULT_THEME.displayMode),
    cornerShape: z.enum(CORNER_SHAPES).default(DEFAULT_THEME.cornerShape),
    fieldStyle: z.enum(FIELD_STYLES).default(DEFAULT_THEME.fieldStyle),
    borderWidth: z.number().int().min(1).max(5).default(DEFAULT_THEME.borderWidth),
    accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour').default(DEFAULT_THEME.accentColor),
    fontFamily: z.string().max(200).regex(/^[^;{}<>]*$/, 'must not contain ; { } < >').default(DEFAULT_THEME.fontFamily),
  }).strict().default({ ...DEFAULT_THEME }),
  customCss: z.string().max(50_000).default(''),
  translations: z.record(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/), z.record(z.string(), z.string())).default({}),
  staticConfigCacheSeconds: z.number().int().min(0).max(86_400).default(300),
  planFamilies: z.array(planFamilyInput.extend({ Uid: uidSchema })).default([]),
  addOns: z.array(addOnInput.safeExtend({ Uid: uidSchema })).default([]),
  plans: z.array(planInput.safeExtend({ Uid: uidSchema })).default([]),
  coupons: z.array(couponInput.safeExtend({ Uid: uidSchema })).default([]),
  /**
   * Issue 18 (docs/email-lists.md): where mailed list links point. pageUrl: a site page with the widget
   * (the preferences, unsubscribe and confirmation states open there; default company.websiteUrl);
   * serverUrl: this server as mail providers reach it (the one-click unsubscribe POST; default the
   * websiteUrl's origin); unsubscribeMailto: an optional mailto address for List-Unsubscribe;
   * redirectUrl: where 'Continue to our website' goes after a confirmation (default websiteUrl).
   */
  emailListLinks: z.object({
    pageUrl: url,
    serverUrl: url,
    unsubscribeMailto: z.string().email().max(254).optional(),
    redirectUrl: url,
  }).strict().default({ pageUrl: null, serverUrl: null, redirectUrl: null }),
  emailLists: z.array(z.object({
    Uid: uidSchema, Name: z.string().min(1), Description: z.string().nullable().default(null),
    RequiresDoubleOptIn: z.boolean().default(false), IsSignUpList: z.boolean().default(false),
  }).strict()).default([]),
  fields: z.object({
    definitions: z.array(fieldDefinition).default([]),
    registration: z.array(fieldUse).default([]),
    profile: z.array(fieldUse).default([]),
    account: z.array(fieldUse).default([]),
  }).strict().default({ definitions: [], registration: [], profile: [], account: [] }),
  /** Lead capture forms (issue 18; docs/lead-forms.md): the admin API's body, each with its Uid. */
  leadForms: z.array(leadFormInput.extend({ Uid: uidSchema })).default([]),
}).strict().superRefine((c, ctx) => {
  const familyUids = new Set(c.planFamilies.map((f) => f.Uid));
  const addOnUids = new Set(c.addOns.map((a) => a.Uid));
  const fieldUids = new Set(c.fields.definitions.map((f) => f.Uid));
  c.plans.forEach((p, i) => {
    if (!familyUids.has(p.PlanFamily.Uid)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'PlanFamily', 'Uid'], message: `unknown plan family '${p.PlanFamily.Uid}'` });
    p.PlanAddOns.forEach((pa, j) => {
      if (!addOnUids.has(pa.AddOn.Uid)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'PlanAddOns', j, 'AddOn', 'Uid'], message: `unknown add-on '${pa.AddOn.Uid}'` });
    });
  });
  for (const context of ['registration', 'profile', 'account'] as const) {
    c.fields[context].forEach((use, i) => {
      if (!fieldUids.has(use.Field)) ctx.addIssue({ code: 'custom', path: ['fields', context, i, 'Field'], message: `unknown field '${use.Field}'` });
    });
  }
  const dupes = (items: { Uid: string }[], key: string) => {
    const seen = new Set<string>();
    items.forEach((it, i) => {
      if (seen.has(it.Uid)) ctx.addIssue({ code: 'custom', path: [key, i, 'Uid'], message: `duplicate Uid '${it.Uid}'` });
      seen.add(it.Uid);
    });
  };
  dupes(c.planFamilies, 'planFamilies'); dupes(c.addOns, 'addOns'); dupes(c.plans, 'plans'); dupes(c.coupons, 'coupons');
  // Lead forms (issue 18): the admin API's checks, over the config's own definitions and lists.
  dupes(c.leadForms, 'leadForms');
  const definitions = c.fields.definitions.map((d) => ({ ...d, ControlParams: null }));
  const listUids = new Set(c.emailLists.map((l) => l.Uid));
  c.leadForms.forEach((form, i) => {
    for (const p of leadFormProblems(form, definitions, listUids)) ctx.addIssue({ code: 'custom', path: ['leadForms', i, ...p.path.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x))], message: p.message });
  });
  if ((ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(c.company.currency)) {
    const whole = (items: Record<string, unknown>[], key: string, fields: string[]) => items.forEach((item, i) => {
      for (const k of fields) {
        const v = item[k];
        if (typeof v === 'number' && !Number.isInteger(v)) ctx.addIssue({ code: 'custom', path: [key, i, k], message: `${c.company.currency} amounts must be whole numbers` });
      }
    });
    const rates = ['MonthlyRate', 'QuarterlyRate', 'AnnualRate', 'OneTimeRate', 'SetupFee'];
    whole(c.plans, 'plans', rates);
    whole(c.addOns, 'addOns', rates);
    whole(c.coupons, 'coupons', ['AmountOff']);
  }
});

export type CompanyConfig = z.infer<typeof companyConfigSchema>;
