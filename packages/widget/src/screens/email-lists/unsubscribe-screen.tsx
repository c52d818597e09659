import './setup.ts';
import { useId, useState } from 'react';
import { canSubmitUnsubscribe, UNSUBSCRIBE_OTHER_MAX, UNSUBSCRIBE_REASONS, type UnsubscribeReason } from '@portico/core/email-lists/subscriptions';
import { useWidget } from '../../app/context.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { EMAIL_LISTS_QUERY_PREFIX, fetchList, unsubscribe } from './email-lists-calls.ts';
import { emailListsSheetRef } from './setup.ts';

/**
 * unsubscribe (spec 2 "Unsubscribe"): the five reasons as radio choices; 'other' needs text (core's
 * canSubmitUnsubscribe: Submit stays disabled until then). Submit goes to _unsubscribed; 'Manage
 * subscriptions' to manage. One list when the link names it, else every list.
 */
export default function UnsubscribeScreen({ params }: ScreenProps<'unsubscribe'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const otherId = useId();
  const token = params.token ?? null;
  const listUid = params.listUid ?? null;
  const list = useApiQuery(listUid ? `${EMAIL_LISTS_QUERY_PREFIX}list:${listUid}` : null, (a) => fetchList(a, listUid!));
  const [reason, setReason] = useState<UnsubscribeReason | null>(null);
  const [other, setOther] = useState('');
  const submit = useAction(async () => {
    await unsubscribe(api, token!, listUid, reason!, reason === 'other' ? other.trim() : null);
    cache.invalidate(EMAIL_LISTS_QUERY_PREFIX);
    actions.goTo('_unsubscribed', { token: token! });
  });
  if (!token) {
    return (
      <div ref={emailListsSheetRef}>
        <ScreenHeading>{t('states.unsubscribe')}</ScreenHeading>
        <ErrorList errors={[{ code: 'emailLists.linkInvalid' }]} />
      </div>
    );
  }
  const enabled = canSubmitUnsubscribe(reason, other) && !submit.busy;
  return (
    <div ref={emailListsSheetRef} className="p-lists">
      <ScreenHeading>{t('states.unsubscribe')}</ScreenHeading>
      <p className="p-lead">{list.data ? t('emailLists.unsubscribeFrom', { listName: list.data.Name }) : t('emailLists.unsubscribeAll')}</p>
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
        <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('manage', { token })}>{t('emailLists.manageLink')}</button>
        <button type="button" className="p-btn p-btn-primary" disabled={!enabled} onClick={() => void submit.run()}>
          {submit.busy ? t('emailLists.submitting') : t('emailLists.submit')}
        </button>
      </div>
    </div>
  );
}
