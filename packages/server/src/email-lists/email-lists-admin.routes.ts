import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portico/core';
import { EMAIL_LIST_STATUS, isSubscribed, type ConsentAction, type ConsentSource, type EmailListStatusName, type UnsubscribeReason } from '@portico/core/email-lists/subscriptions';
import { AppError } from '../http/app-error.ts';
import { isUniqueViolation } from '../http/database-errors.ts';
import { listOf } from '../http/list.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { newUid } from '../ids/new-uid.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';
import type { EmailListRow } from './email-lists.repository.ts';
import {
  addSubscriberBody, addSubscriberOut, adminList, adminListsAnswer, consentsAnswer, createListBody, listParams, personParams,
  subscribersAnswer, subscribersQuery, updateListBody,
} from './email-lists.schemas.ts';
import { personLinks } from './list-links.ts';
import type { PreferencesDeps } from './preferences.ts';
import { subscribeToList } from './subscribe-to-list.ts';

const tags = ['admin'];

const adminWire = (r: EmailListRow) => ({
  Uid: r.uid, Name: r.name, Description: sanitizeRichText(r.description), RequiresDoubleOptIn: r.requiresDoubleOptIn, IsSignUpList: r.isSignUpList,
  Archived: r.archived ? r.archived.toISOString() : null,
});

/**
 * The admin API of email lists (admin key): define lists (a delete archives: the subscribers and
 * the consent log stay), page a list's subscribers with each one's preferences and one-click URLs
 * for the company's mail tool, add a subscriber (source admin), and export a person's consent log.
 */
export async function emailListsAdminRoutes(app: FastifyInstance, deps: PreferencesDeps & { config: CompanyConfig; adminGuard: Guard }) {
  guardRoutes(app, 'adminKey', deps.adminGuard);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const found = async (uid: string) => {
    const list = await deps.uow.emailLists.get(uid);
    if (!list) throw new AppError(ErrorCode.EmailListNotFound);
    return list;
  };

  r.get('/api/v1/admin/email-lists', { schema: { tags, summary: 'Every email list, archived ones included', response: { 200: adminListsAnswer } } }, async () => {
    const rows = await deps.uow.emailLists.listAll();
    return { metadata: { limit: -1, offset: 0, total: rows.length }, items: rows.map(adminWire) };
  });
  r.post('/api/v1/admin/email-lists', {
    schema: { tags, summary: 'Create an email list (409 Errors.Duplicate when the Uid is taken). The description is kept as given and served through the rich-text allow-list', body: createListBody, response: { 201: adminList } },
  }, async (req, reply) => {
    const b = req.body;
    const uid = b.Uid ?? newUid();
    try {
      const row = await deps.uow.transaction(async (repos) => {
        await repos.emailLists.insert({ uid, name: b.Name, description: b.Description ?? null, requiresDoubleOptIn: b.RequiresDoubleOptIn ?? false, isSignUpList: b.IsSignUpList ?? false });
        if (b.IsSignUpList) await repos.emailLists.clearSignUpListExcept(uid);
        return (await repos.emailLists.get(uid))!;
      });
      return reply.code(201).send(adminWire(row));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.Duplicate, 'An email list with this Uid exists.');
      throw err;
    }
  });
  r.put('/api/v1/admin/email-lists/:listUid', {
    schema: { tags, summary: 'Update an email list; Archived true hides it from people (false brings it back)', params: listParams, body: updateListBody, response: { 200: adminList } },
  }, async (req) => {
    await found(req.params.listUid);
    const b = req.body;
    const row = await deps.uow.transaction(async (repos) => {
      const updated = await repos.emailLists.update(req.params.listUid, {
        ...(b.Name !== undefined ? { name: b.Name } : {}), ...(b.Description !== undefined ? { description: b.Description } : {}),
        ...(b.RequiresDoubleOptIn !== undefined ? { requiresDoubleOptIn: b.RequiresDoubleOptIn } : {}),
        ...(b.IsSignUpList !== undefined ? { isSignUpList: b.IsSignUpList } : {}),
        ...(b.Archived !== undefined ? { archived: b.Archived ? deps.clock.now() : null } : {}),
      });
      if (b.IsSignUpList) await repos.emailLists.clearSignUpListExcept(req.params.listUid);
      return updated!;
    });
    return adminWire(row);
  });
  r.delete('/api/v1/admin/email-lists/:listUid', {
    schema: { tags, summary: 'Archive an email list: hidden from people, no new subscribers; its subscribers and consent log stay', params: listParams, response: { 200: adminList } },
  }, async (req) => {
    const list = await found(req.params.listUid);
    const row = list.archived ? list : await deps.uow.emailLists.update(list.uid, { archived: deps.clock.now(), isSignUpList: false });
    return adminWire(row!);
  });
  r.get('/api/v1/admin/email-lists/:listUid/subscribers', {
    schema: {
      tags, summary: 'A list\'s people (every status), paged, by email; each with a personal preferences URL, an unsubscribe page URL (with a reason), a one-click unsubscribe URL and the List-Unsubscribe header value (tokens valid 90 days) for the company\'s mail tool',
      params: listParams, querystring: subscribersQuery, response: { 200: subscribersAnswer },
    },
  }, async (req) => {
    const list = await found(req.params.listUid);
    const page = await deps.uow.emailListSubscriptions.subscribers(list.uid, req.query);
    const now = deps.clock.now();
    const tokens = await Promise.all(page.items.map((s) => deps.tokens.issue(s.personUid, now)));
    let i = 0;
    return listOf(page, req.query, (s) => {
      const links = personLinks(deps.config, tokens[i++]!, list.uid);
      const status = s.status as EmailListStatusName;
      return {
        Person: { Uid: s.personUid, Email: s.email, FirstName: s.firstName, LastName: s.lastName },
        EmailListSubscriberStatus: EMAIL_LIST_STATUS[status], Status: status, IsSubscribed: isSubscribed(status, { RequiresDoubleOptIn: list.requiresDoubleOptIn }),
        UnsubscribeReason: (s.unsubscribeReason as UnsubscribeReason | null) ?? null, UnsubscribeReasonOther: s.unsubscribeReasonOther,
        Updated: s.updated.toISOString(), PreferencesUrl: links.preferencesUrl, UnsubscribeUrl: links.unsubscribeUrl, OneClickUnsubscribeUrl: links.oneClickUrl,
        ListUnsubscribeHeader: links.headers['List-Unsubscribe']!,
      };
    });
  });
  r.post('/api/v1/admin/email-lists/:listUid/subscribers', {
    schema: { tags, summary: 'Add a person to a list (consent source admin; a double opt-in list mails its confirmation). 404 when the person or list is unknown', params: listParams, body: addSubscriberBody, response: { 200: addSubscriberOut } },
  }, async (req) => {
    if (!(await deps.uow.people.get(req.body.PersonUid))) throw new AppError(ErrorCode.NotFound, 'No person has this uid.');
    const result = await deps.uow.transaction(async (repos) => {
      const out = await subscribeToList(repos, { personUid: req.body.PersonUid, listUid: req.params.listUid, source: 'admin', ip: req.ip, now: deps.clock.now() });
      if (out.confirmationNeeded) repos.afterCommit(() => deps.wakeOutbox());
      return out;
    });
    return { Status: result.status, ConfirmationNeeded: result.confirmationNeeded };
  });
  r.get('/api/v1/admin/people/:personUid/email-consents', {
    schema: { tags, summary: 'A person\'s consent log (every opt-in, confirmation and opt-out with time, source, IP and list), newest first, paged', params: personParams, querystring: subscribersQuery, response: { 200: consentsAnswer } },
  }, async (req) => {
    const page = await deps.uow.emailListSubscriptions.consentsOf(req.params.personUid, req.query);
    return listOf(page, req.query, (c) => ({
      Uid: c.uid, EmailList: { Uid: c.listUid }, Action: c.action as ConsentAction, Source: c.source as ConsentSource, Ip: c.ip, At: c.at.toISOString(), Detail: c.detail,
    }));
  });
}
