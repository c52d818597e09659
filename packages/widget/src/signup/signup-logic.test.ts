import { describe, expect, it } from 'vitest';
import { configuredFields } from '@portico/core/fields/index';
import type { WireFieldConfigurationEntry } from '@portico/core';
import { demoPlan } from '../components/billing/test-catalog.ts';
import {
  confirmationVariant, isOnePageSignUp, isPaymentRequired, registerSubmitKey, registerSubmitsHere, registrationBody, signupPaymentDue, signupReturnUrl, submitBlockers,
  termsRequiredAt, withoutReturnKeys,
} from './signup-logic.ts';

const entry = (SystemName: string, EntityType: 'Person' | 'Account', ControlType: string, Behavior = 'Required'): WireFieldConfigurationEntry =>
  ({ Behavior, Group: null, Definition: { Uid: SystemName, EntityType, SystemName, Label: SystemName, ControlType, ControlParams: null } }) as WireFieldConfigurationEntry;

describe('sign-up rules', () => {
  it('register is the whole sign-up only with a plan, a term and skipPlanOptions (spec 1 section 4)', () => {
    const plan = demoPlan('plan_pro');
    expect(isOnePageSignUp({ planUid: 'plan_pro', term: 'Monthly', skipPlanOptions: true }, plan)).toBe(true);
    expect(isOnePageSignUp({ planUid: 'plan_pro', skipPlanOptions: true }, plan)).toBe(false);
    expect(isOnePageSignUp({ planUid: 'plan_pro', term: 'Monthly' }, plan)).toBe(false);
    expect(isOnePageSignUp({ term: 'Monthly', skipPlanOptions: true }, null)).toBe(false);
  });

  it("the three submit labels: 'Sign up', 'Sign up and pay {amount}', 'Continue to checkout'", () => {
    expect(registerSubmitKey(true, 0)).toBe('signup.submitFree');
    expect(registerSubmitKey(true, 2900)).toBe('signup.submitPay');
    expect(registerSubmitKey(false, 2900)).toBe('signup.submitContinue');
  });

  it('payment is required above 0, or when the plan or the site says so', () => {
    const free = { ...demoPlan('plan_pro'), RequirePaymentInformation: false };
    expect(isPaymentRequired(0, free)).toBe(false);
    expect(isPaymentRequired(1, free)).toBe(true);
    expect(isPaymentRequired(0, { ...free, RequirePaymentInformation: true })).toBe(true);
    expect(isPaymentRequired(0, free, true)).toBe(true);
  });

  it('issue 15: payment is due for a plan that costs something (add-ons included), not for a free one; without a plan it counts as due', () => {
    const pro = demoPlan('plan_pro');
    const free = { ...pro, MonthlyRate: 0, QuarterlyRate: null, AnnualRate: null, SetupFee: null, RequirePaymentInformation: false, PlanAddOns: [] };
    const draft = { planUid: pro.Uid, term: 'Monthly' as const, quantity: 1, addOns: [], coupon: null };
    expect(signupPaymentDue(pro, draft, {})).toBe(true);
    expect(signupPaymentDue(free, draft, {})).toBe(false);
    expect(signupPaymentDue(free, draft, { SignUp: { RequirePassword: false, RequirePaymentInformation: true } })).toBe(true);
    expect(signupPaymentDue(null, draft, {})).toBe(true);
    const paidAddOn = { AddOn: { ...pro.PlanAddOns[0]!.AddOn, MonthlyRate: 500 }, IsUserSelectable: true };
    expect(signupPaymentDue({ ...free, PlanAddOns: [paidAddOn] }, { ...draft, addOns: [{ uid: paidAddOn.AddOn.Uid, quantity: 1 }] }, {})).toBe(true);
    // Register submits itself on one page, or with a plan where nothing is due; otherwise it continues to checkout.
    expect(registerSubmitsHere(false, free, false)).toBe(true);
    expect(registerSubmitsHere(false, pro, true)).toBe(false);
    expect(registerSubmitsHere(true, pro, true)).toBe(true);
    expect(registerSubmitsHere(false, null, false)).toBe(false);
  });

  it('terms are required where the location flag is set and there is a text', () => {
    expect(termsRequiredAt({ TermsText: '<p>Terms</p>', TermsLocations: 3 }, 2)).toBe(true);
    expect(termsRequiredAt({ TermsText: '<p>Terms</p>', TermsLocations: 1 }, 2)).toBe(false);
    expect(termsRequiredAt({ TermsText: null, TermsLocations: 3 }, 1)).toBe(false);
  });

  it('the submit button waits for terms, captcha, quantity, payment, no errors and a settled total (spec 1 section 4)', () => {
    const ready = { updating: false, termsRequired: true, termsAccepted: true, captchaMissing: false, quantity: 3, newRequiredQuantity: 3, paymentRequired: true, paymentComplete: true, errorsShown: 0 };
    expect(submitBlockers(ready)).toEqual([]);
    expect(submitBlockers({ ...ready, termsAccepted: false, captchaMissing: true, quantity: 2, paymentComplete: false, errorsShown: 1, updating: true }))
      .toEqual(['updating', 'terms', 'captcha', 'quantity', 'payment', 'errors']);
    expect(submitBlockers({ ...ready, termsRequired: false, termsAccepted: false, captchaMissing: false, paymentRequired: false, paymentComplete: false })).toEqual([]);
  });

  it('the registration body: normalized fields, opt-in, terms and the subscription without an account', () => {
    const fields = configuredFields([entry('Email', 'Person', 'Email'), entry('FirstName', 'Person', 'Text'), entry('TaxId', 'Account', 'TaxIdTypeTaxId', 'Editable')]);
    const body = registrationBody({
      fields,
      values: { 'Person.Email': ' ada@example.com ', 'Person.FirstName': 'Ada', 'Account.TaxIds': { TaxIdType: 'eu_vat', TaxId: '' } },
      subscription: { Plan: { Uid: 'plan_pro' }, BillingRenewalTerm: 'Monthly', Quantity: 0, Account: { TaxStatus: 'Taxable' } },
      termsAccepted: true, optIn: false,
    });
    expect(body).toEqual({
      Person: { Email: 'ada@example.com', FirstName: 'Ada', OptInToEmailList: false },
      Account: {},
      Subscription: { Plan: { Uid: 'plan_pro' }, BillingRenewalTerm: 'Monthly', Quantity: 0 },
      TermsAccepted: true,
    });
  });

  it('the password asked at sign-up goes exactly as typed; none is sent when empty or with Google', () => {
    const fields = configuredFields([entry('Email', 'Person', 'Email')]);
    const base = { fields, subscription: null, termsAccepted: null, optIn: null };
    expect(registrationBody({ ...base, values: { 'Person.Email': 'ada@example.com', 'Person.Password': ' Quiet-Harbor-47 ' } }).Person)
      .toEqual({ Email: 'ada@example.com', Password: ' Quiet-Harbor-47 ' });
    expect(registrationBody({ ...base, values: { 'Person.Email': 'ada@example.com', 'Person.Password': '' } }).Person).toEqual({ Email: 'ada@example.com' });
    expect(registrationBody({ ...base, values: { 'Person.Email': 'ada@example.com', 'Person.Password': 'Quiet-Harbor-47' }, googleIdToken: 'ey.x.y' }).Person)
      .toEqual({ Email: 'ada@example.com' });
  });

  it('confirmation variants: Google first, then a mailed link (to set the password, or to confirm), else Thank you', () => {
    expect(confirmationVariant({ CreatedWithGoogle: true, RequiresConfirmation: true })).toBe('accountCreated');
    expect(confirmationVariant({ CreatedWithGoogle: false, RequiresConfirmation: true, SetPasswordLink: true })).toBe('almostDoneSetPassword');
    expect(confirmationVariant({ CreatedWithGoogle: false, RequiresConfirmation: true, SetPasswordLink: false })).toBe('almostDone');
    expect(confirmationVariant({ CreatedWithGoogle: false, RequiresConfirmation: true })).toBe('almostDone');
    expect(confirmationVariant({ CreatedWithGoogle: false, RequiresConfirmation: false })).toBe('thankYou');
  });

  it('the return address names the action and the screen, and loses an earlier redirect\'s values', () => {
    const back = signupReturnUrl('https://shop.example/join?x=1&redirect_status=failed&payment_intent=pi_1', 'signUp', 'checkout');
    expect(back).toBe('https://shop.example/join?x=1&portico_action=signUp&portico_from=checkout');
    expect(withoutReturnKeys(back)).toBe('https://shop.example/join?x=1');
  });
});
