import { z } from 'zod';
import {
  CONSENT_ACTIONS, CONSENT_SOURCES, EMAIL_LIST_STATUS_NAMES, UNSUBSCRIBE_OTHER_MAX, UNSUBSCRIBE_REASONS,
} from '@portico/core/email-lists/subscriptions';
import { listAnswer } from '../http/list.ts';

const uid = z.string().min(1).max(64).regex(/^[0-9A-Za-z_-]+$/, 'must be letters, digits, - or _');
/** A mailed person token (list-links.ts); its shape is checked there, this only bounds it. */
const personToken = z.string().min(1).max(200);

export const wireList = z.object({
  Uid: z.string(), Name: z.string(), Description: z.string().nullable(), RequiresDoubleOptIn: z.boolean(),
});
export const adminList = wireList.extend({ IsSignUpList: z.boolean(), Archived: z.iso.datetime().nullable() });

export const subscriptionOut = z.object({
  EmailList: z.object({ Uid: z.string() }),
  Person: z.object({ Uid: z.string() }),
  /** Spec 3's EmailListSubscriberStatus as its number (1 Subscribed, 2 Unsubscribed, 3 Cleaned, 4 Confirmed). */
  EmailListSubscriberStatus: z.number().int().min(1).max(4),
  Status: z.enum(EMAIL_LIST_STATUS_NAMES),
  /** Core's isSubscribed: what the preferences toggle shows. */
  IsSubscribed: z.boolean(),
  UnsubscribeReason: z.enum(UNSUBSCRIBE_REASONS).nullable(),
  UnsubscribeReasonOther: z.string().nullable(),
});

export const tokenQuery = z.object({ token: personToken });
/** 'Email me a new link': the address a fresh preferences link goes to, if it names a person. */
export const newLinkBody = z.object({ Email: z.string().trim().min(1).max(320).email() }).strict();
export const personParams = z.object({ personUid: uid });
export const listParams = z.object({ listUid: uid });
export const publicPersonOut = z.object({ Uid: z.string(), Email: z.string(), FirstName: z.string().nullable(), LastName: z.string().nullable() });

export const savePreferencesBody = z.object({
  Token: personToken,
  /** The lists the person wants to be on; every other list is left. */
  ActiveSubscriptions: z.array(uid).max(200),
  RecaptchaToken: z.string().max(10_000).nullable().optional(),
}).strict();
export const savePreferencesOut = z.object({
  Subscriptions: z.array(subscriptionOut),
  /** Double opt-in lists just joined: a confirmation mail is on its way ('Please check your email'). */
  ConfirmationNeeded: z.array(z.string()),
});

export const unsubscribeBody = z.object({
  Token: personToken,
  /** The list to leave; absent or null: every list. */
  EmailListUid: uid.nullable().optional(),
  Reason: z.enum(UNSUBSCRIBE_REASONS),
  ReasonOther: z.string().max(UNSUBSCRIBE_OTHER_MAX).nullable().optional(),
}).strict().superRefine((b, ctx) => {
  if (b.Reason === 'other' && !(b.ReasonOther ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['ReasonOther'], message: 'Tell us why, or choose another reason.' });
});
export const unsubscribedOut = z.object({ Unsubscribed: z.array(z.string()) });

export const oneClickQuery = z.object({ token: personToken, listUid: uid.optional() });
/** RFC 8058: the body a mail provider POSTs, form-encoded. */
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

export const confirmBody = z.object({ Token: z.string().min(1).max(200) }).strict();
/** RedirectUrl: where 'Continue to our website' goes in embed mode (config emailListLinks.redirectUrl, else the company website). */
export const confirmOut = z.object({ EmailList: wireList, Status: z.literal('Confirmed'), RedirectUrl: z.string() });

export const profileLinkOut = z.object({ Token: z.string(), ExpiresInDays: z.number().int() });

const listInput = {
  Name: z.string().trim().min(1).max(200),
  Description: z.string().max(5000).nullable().optional(),
  RequiresDoubleOptIn: z.boolean().optional(),
  IsSignUpList: z.boolean().optional(),
};
export const createListBody = z.object({ Uid: uid.optional(), ...listInput }).strict();
export const updateListBody = z.object({
  Name: listInput.Name.optional(), Description: listInput.Description, RequiresDoubleOptIn: listInput.RequiresDoubleOptIn,
  IsSignUpList: listInput.IsSignUpList, Archived: z.boolean().optional(),
}).strict();

export const subscriberOut = z.object({
  Person: publicPersonOut,
  EmailListSubscriberStatus: z.number().int().min(1).max(4),
  Status: z.enum(EMAIL_LIST_STATUS_NAMES),
  IsSubscribed: z.boolean(),
  UnsubscribeReason: z.enum(UNSUBSCRIBE_REASONS).nullable(),
  UnsubscribeReasonOther: z.string().nullable(),
  Updated: z.iso.datetime(),
  /**
   * The person's own links (90 days) for the company's mail tool: the preferences page, the page that
   * unsubscribes from this list with a reason (a footer's 'Unsubscribe' link), and the one-click URL.
   */
  PreferencesUrl: z.string(),
  UnsubscribeUrl: z.string(),
  OneClickUnsubscribeUrl: z.string(),
  ListUnsubscribeHeader: z.string(),
});
export const subscribersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const addSubscriberBody = z.object({ PersonUid: uid }).strict();
export const addSubscriberOut = z.object({ Status: z.enum(['Subscribed', 'Confirmed', 'AlreadySubscribed']), ConfirmationNeeded: z.boolean() });

export const consentOut = z.object({
  Uid: z.string(), EmailList: z.object({ Uid: z.string() }), Action: z.enum(CONSENT_ACTIONS), Source: z.enum(CONSENT_SOURCES),
  Ip: z.string().nullable(), At: z.iso.datetime(), Detail: z.record(z.string(), z.unknown()),
});

export const listsAnswer = listAnswer(wireList);
export const adminListsAnswer = listAnswer(adminList);
export const subscriptionsAnswer = listAnswer(subscriptionOut);
export const subscribersAnswer = listAnswer(subscriberOut);
export const consentsAnswer = listAnswer(consentOut);
