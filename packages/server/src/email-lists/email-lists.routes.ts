import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { PREFERENCES_LINK_TTL_DAYS } from '@portico/core/email-lists/subscriptions';
import { AppError, fieldError } from '../http/app-error.ts';
import type { CaptchaVerifier } from '../captcha/captcha.ts';
import { preHandlerLimit, routeRateLimit } from '../http/rate-limits.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { EMAIL_LISTS_RATE_LIMITS as ROWS } from './email-lists.rate-limits.ts';
import {
  confirmBody, confirmOut, listParams, listsAnswer, newLinkBody, oneClickBody, oneClickQuery, personParams, profileLinkOut, publicPersonOut,
  savePreferencesBody, savePreferencesOut, subscriptionsAnswer, tokenQuery, unsubscribeBody, unsubscribedOut, wireList,
} from './email-lists.schemas.ts';
import {
  confirmSubscription, personOfToken, publicList, savePreferences, subscriptionsOf, unsubscribe, type PreferencesDeps,
} from './preferences.ts';
import { requestPreferencesLink } from './preferences-link-mail.ts';

const tags = ['email-lists'];

/**
 * The public list calls (docs/email-lists.md): the mailed person token is the credential, never a
 * session, so a link opened while someone else is signed in acts on the person it names. A GET never
 * changes anything (mail scanners fetch links); answers are no-store.
 */
export async function emailListsRoutes(app: FastifyInstance, deps: PreferencesDeps & { captcha: CaptchaVerifier; guard: Guard; mailOff: boolean }) {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_req, reply) => { reply.header('cache-control', 'no-store'); });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const limited = routeRateLimit(ROWS.emailListLinkPerAddress);
    r.get('/api/v1/public/crm/people/:personUid', {
      config: limited,
      schema: { tags, summary: 'The person a mailed link names (Email, FirstName, LastName), only with that person\'s token: 404 Errors.EmailListLinkInvalid otherwise', params: personParams, querystring: tokenQuery, response: { 200: publicPersonOut } },
    }, async (req) => {
      const person = await personOfToken(deps, req.query.token);
      if (person.uid !== req.params.personUid) throw new AppError(ErrorCode.EmailListLinkInvalid);
      return { Uid: person.uid, Email: person.email, FirstName: person.firstName, LastName: person.lastName };
    });
    r.get('/api/v1/public/email-lists', {
      schema: { tags, summary: 'Every live email list by name (descriptions through the rich-text allow-list)', response: { 200: listsAnswer } },
    }, async () => {
      const lists = (await deps.uow.emailLists.listAll()).filter((l) => !l.archived).map(publicList);
      return { metadata: { limit: -1, offset: 0, total: lists.length }, items: lists };
    });
    r.get('/api/v1/public/email-lists/:listUid', {
      schema: { tags, summary: 'One live email list (the Subscribed screen); 404 Errors.EmailListNotFound', params: listParams, response: { 200: wireList } },
    }, async (req) => {
      const list = await deps.uow.emailLists.get(req.params.listUid);
      if (!list || list.archived) throw new AppError(ErrorCode.EmailListNotFound);
      return publicList(list);
    });
    r.get('/api/v1/public/email-lists/subscriptions/mine', {
      config: limited,
      schema: { tags, summary: 'The token\'s person\'s subscriptions (every live list they have a row on)', querystring: tokenQuery, response: { 200: subscriptionsAnswer } },
    }, async (req) => {
      const person = await personOfToken(deps, req.query.token);
      const items = await subscriptionsOf(deps, person.uid);
      return { metadata: { limit: -1, offset: 0, total: items.length }, items };
    });
    r.put('/api/v1/public/email-lists/subscriptions', {
      config: limited,
      schema: { tags, summary: 'Save the preferences: the lists named are joined (double opt-in lists mail a confirmation), every other list is left. Captcha when configured (400 on RecaptchaToken)', body: savePreferencesBody, response: { 200: savePreferencesOut } },
    }, async (req) => {
      await checkCaptcha(deps.captcha, req.body.RecaptchaToken ?? null, req.ip);
      return savePreferences(deps, { token: req.body.Token, active: req.body.ActiveSubscriptions, ip: req.ip });
    });
    r.post('/api/v1/public/email-lists/unsubscribe', {
      config: limited,
      schema: { tags, summary: 'Unsubscribe with a reason (nolonger, nosignup, inappropriate, spam, other with text) from one list, or every list when EmailListUid is absent', body: unsubscribeBody, response: { 200: unsubscribedOut } },
    }, async (req) => unsubscribe(deps, {
      token: req.body.Token, listUid: req.body.EmailListUid ?? null, reason: req.body.Reason, other: req.body.ReasonOther ?? null, ip: req.ip, source: 'unsubscribe',
    }));
    r.post('/api/v1/public/email-lists/link', {
      preHandler: [preHandlerLimit(scope, ROWS.emailListNewLinkPerAddress), preHandlerLimit(scope, ROWS.emailListNewLinkPerEmail)],
      schema: {
        tags, summary: 'Mails a fresh preferences link (90 days) to the address if it names a person: the way on from an expired link. The same 204 either way',
        body: newLinkBody, response: { 204: z.null().describe('Accepted (whether or not the address names anyone)') },
      },
    }, async (req, reply) => {
      await requestPreferencesLink(deps, req.body.Email);
      return reply.status(204).send(null);
    });
    r.post('/api/v1/public/email-lists/confirm', {
      config: routeRateLimit(ROWS.emailListConfirmPerAddress),
      schema: { tags, summary: 'The double opt-in page\'s button: confirms with the mailed single-use token. 410 Errors.EmailListConfirmationUsed when used before or expired', body: confirmBody, response: { 200: confirmOut } },
    }, async (req) => confirmSubscription(deps, { token: req.body.Token, ip: req.ip }));
  });

  // RFC 8058: a mail provider POSTs `List-Unsubscribe=One-Click`, form-encoded, with no cookie and no page.
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    form.withTypeProvider<ZodTypeProvider>().post('/api/v1/public/email-lists/one-click', {
      config: routeRateLimit(ROWS.emailListOneClickPerAddress),
      schema: {
        tags, summary: 'RFC 8058 one-click unsubscribe (the URL of List-Unsubscribe): the token\'s person leaves the named list, or every list. No cookie, no page',
        consumes: ['application/x-www-form-urlencoded', 'application/json'], querystring: oneClickQuery, body: oneClickBody, response: { 200: unsubscribedOut },
      },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return unsubscribe(deps, { token: req.query.token, listUid: req.query.listUid ?? null, reason: null, other: null, ip: req.ip, source: 'one_click' });
    });
  });

  // A signed-in member reaches the same preferences screen from the profile: a token for themselves.
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', deps.guard);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/v1/profile/email-lists/link', {
      config: routeRateLimit(ROWS.emailListProfileLinkPerPerson),
      schema: { tags, summary: 'A preferences token for the signed-in person (the profile\'s "Email preferences" entry opens manage with it)', response: { 200: profileLinkOut } },
    }, async (req, reply) => {
      if (req.caller.kind !== 'person') throw new AppError(ErrorCode.Unauthorized);
      reply.header('cache-control', 'no-store');
      return { Token: await deps.tokens.issue(req.caller.personUid, deps.clock.now()), ExpiresInDays: PREFERENCES_LINK_TTL_DAYS };
    });
  });
}

async function checkCaptcha(captcha: CaptchaVerifier, token: string | null, ip: string): Promise<void> {
  const result = await captcha.verify(token ?? undefined, ip);
  if (!result.ok) {
    const code = result.code ?? ErrorCode.CaptchaInvalid;
    throw new AppError(code, undefined, [fieldError('RecaptchaToken', code)]);
  }
}
