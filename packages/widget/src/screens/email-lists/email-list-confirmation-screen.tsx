import './setup.ts';
import { useState } from 'react';
import { ErrorCode } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { EMAIL_LISTS_QUERY_PREFIX, confirmSubscription, fetchList } from './email-lists-calls.ts';
import { emailListsSheetRef } from './setup.ts';

const CHECK = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>;

/**
 * emailListConfirmation (spec 2 "Email-list confirmation"): opened from a double opt-in mail. Opening
 * it changes nothing (mail scanners fetch links and run scripts): the list is loaded by id and the one
 * button POSTs the token. Then the Subscribed view: check icon, 'Thank you', 'You are now subscribed
 * to the {listName} list.', Close in popup mode, 'Continue to our website' in embed mode.
 */
export default function EmailListConfirmationScreen({ params }: ScreenProps<'emailListConfirmation'>) {
  const { t } = useTranslation();
  const { actions, mode } = useWidget();
  const api = useApi();
  const listUid = params.listUid ?? null;
  const list = useApiQuery(listUid ? `${EMAIL_LISTS_QUERY_PREFIX}list:${listUid}` : null, (a) => fetchList(a, listUid!));
  const [done, setDone] = useState<{ name: string; redirect: string } | null>(null);
  const confirm = useAction(async () => {
    const answer = await confirmSubscription(api, params.confirmToken!);
    setDone({ name: answer.EmailList.Name, redirect: params.redirectUrl ?? answer.RedirectUrl });
  });
  if (done) {
    return (
      <div ref={emailListsSheetRef} className="p-lists-done">
        <div className="p-icon-circle">{CHECK}</div>
        <ScreenHeading>{t('emailLists.thankYou')}</ScreenHeading>
        <p className="p-lead" role="status">{t('emailLists.subscribedText', { listName: done.name })}</p>
        {mode === 'popup'
          ? <button type="button" className="p-btn p-btn-primary" onClick={() => actions.close()}>{t('emailLists.close')}</button>
          : <a className="p-btn p-btn-primary" href={done.redirect}>{t('emailLists.continueToSite')}</a>}
      </div>
    );
  }
  const used = confirm.problem?.code === ErrorCode.EmailListConfirmationUsed;
  if (!params.confirmToken || used) {
    return (
      // Not 'Thank you' (the state's title) above an error: the heading names what the link was for.
      <div ref={emailListsSheetRef} className="p-lists-done">
        <ScreenHeading>{t('emailLists.confirmButton')}</ScreenHeading>
        <ErrorList errors={[{ code: 'emailLists.confirmUsed' }]} />
        {mode === 'popup' && <button type="button" className="p-btn p-btn-primary" onClick={() => actions.close()}>{t('emailLists.close')}</button>}
      </div>
    );
  }
  if (!list.data) {
    return (
      <div ref={emailListsSheetRef}>
        <ScreenHeading>{t('emailLists.confirmButton')}</ScreenHeading>
        {list.problem ? <ErrorList errors={problemErrors(list.problem)} /> : <Spinner />}
      </div>
    );
  }
  return (
    <div ref={emailListsSheetRef} className="p-lists-done">
      <ScreenHeading>{t('emailLists.confirmButton')}</ScreenHeading>
      <p className="p-lead">{t('emailLists.confirmIntro', { listName: list.data.Name })}</p>
      <ErrorList errors={confirm.errors} />
      <button type="button" className="p-btn p-btn-primary" disabled={confirm.busy} onClick={() => void confirm.run()}>
        {confirm.busy ? t('emailLists.confirmingButton') : t('emailLists.confirmButton')}
      </button>
    </div>
  );
}
