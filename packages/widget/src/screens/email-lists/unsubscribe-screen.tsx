import './setup.ts';
import { useId, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { canSubmitUnsubscribe, UNSUBSCRIBE_OTHER_MAX, UNSUBSCRIBE_REASONS, type UnsubscribeReason } from '@portico/core/email-lists/subscriptions';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { EMAIL_LISTS_QUERY_PREFIX, fetchLists, fetchMine, subscribedListUids, unsubscribe } from './email-lists-calls.ts';
import { LinkInvalid } from './link-invalid.tsx';
import { emailListsSheetRef } from './setup.ts';

/**
 * unsubscribe (spec 2 "Unsubscribe"): the five reasons as radio choices; 'other' needs text (core's
 * canSubmitUnsubscribe: Submit stays disabled until then). Submit goes to _unsubscribed; 'Manage
 * subscriptions' to manage. One list when the link names it, else every list. A link opened again after
 * unsubscribing (or naming a list the person is not on) says so instead of asking again.
 */
export default function UnsubscribeScreen({ params }: ScreenProps<'unsubscribe'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const otherId = useId();
  const token = params.token ?? null;
  const listUid = params.listUid ?? null;
  const lists = useApiQuery(`${EMAIL_LISTS_QUERY_PREFIX}lists`, fetchLists);
  const mine = useApiQuery(token ? `${EMAIL_LISTS_QUERY_PREFIX}mine:${token}` : null, (a) => fetchMine(a, token!));
  const [reason, setReason] = useState<UnsubscribeReason | null>(null);
  const [other, setOther] = useState('');
  // The list the link names, if it is a live one; a link naming no live list unsubscribes from all of them, as it says.
  const list = listUid ? lists.data?.items.find((l) => l.Uid === listUid) : undefined;
  const submit = useAction(async () => {
    await unsubscribe(api, token!, list?.Uid ?? null, reason!, reason === 'other' ? other.trim() : null);
    cache.invalidate(EMAIL_LISTS_QUERY_PREFIX);
    actions.goTo('_unsubscribed', { token: token! });
  });
  if (!token || mine.problem?.code === ErrorCode.EmailListLinkInvalid) return <LinkInvalid heading={t('states.unsubscribe')} />;
  if (!lists.data || !mine.data) {
    const problem = lists.problem ?? mine.problem;
    return (
      <div ref={emailListsSheetRef}>
        <ScreenHeading>{t('states.unsubscribe')}</ScreenHeading>
        {problem ? <ErrorList errors={problemErrors(problem)} /> : <Spinner />}
      </div>
    );
  }
  const subscribed = subscribedListUids(lists.data, mine.data);
  const manage = <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('manage', { token })}>{t('emailLists.manageLink')}</button>;
  if (list ? !subscribed.has(list.Uid) : subscribed.size === 0) {
    return (
      <div ref={emailListsSheetRef} className="p-lists">
        <ScreenHeading>{t('states.unsubscribe')}</ScreenHeading>
        <p className="p-lead" role="status">{list ? t('emailLists.notSubscribedTo', { listName: list.Name }) : t('emailLists.notSubscribedAny')}</p>
        <div className="p-lists-actions">{manage}</div>
      </div>
    );
  }
  const enabled = canSubmitUnsubscribe(reason, other) && !submit.busy;
  return (
    <div ref={emailListsSheetRef} className="p-lists">
      <ScreenHeading>{t('states.unsubscribe')}</ScreenHeading>
      <p className="p-lead">{list ? t('emailLists.unsubscribeFrom', { listName: list.Name }) : t('emailLists.unsubscribeAll')}</p>
      <ErrorList errors={submit.errors} />
      <fieldset className="p-reasons">
        <legend className="p-label">{t('emailLists.unsubscribeIntro')}</legend>
        {UNSUBSCRIBE_REASONS.map((r) => (
          <label key={r}>
            <input type="radio" name="unsubscribe-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            <span>{t(`emailLists.reasons.${r}`)}</span>
          </label>
        ))}
      </fieldset>
      {reason === 'other' && (
        <div>
          <label className="p-label" htmlFor={otherId}>{t('emailLists.otherLabel')}</label>
          <textarea id={otherId} className="p-input p-lists-textarea" rows={3} maxLength={UNSUBSCRIBE_OTHER_MAX} value={other} onChange={(e) => setOther(e.target.value)} />
        </div>
      )}
      <div className="p-lists-actions">
        {manage}
        <button type="button" className="p-btn p-btn-primary" disabled={!enabled} onClick={() => void submit.run()}>
          {submit.busy ? t('emailLists.submitting') : t('emailLists.submit')}
        </button>
      </div>
    </div>
  );
}
