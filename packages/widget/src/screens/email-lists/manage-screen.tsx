import './setup.ts';
import { useMemo, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { canSavePreferences } from '@portico/core/email-lists/subscriptions';
import { useWidget } from '../../app/context.ts';
import { ApiProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { useCaptcha } from '../../captcha/use-captcha.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ToggleSwitch } from '../../components/toggle-switch.tsx';
import { htmlToPlainText } from '../../components/plain-text.ts';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { EMAIL_LISTS_QUERY_PREFIX, fetchLists, fetchMine, savePreferences, subscribedListUids } from './email-lists-calls.ts';
import { LinkInvalid } from './link-invalid.tsx';
import { emailListsSheetRef } from './setup.ts';

/**
 * manage (spec 2 "Email preferences", reached from a mailed link without login, or from the
 * profile): every list with its name, description and a toggle, 'Opt out from all email lists',
 * the captcha when configured, and Save, enabled only on a change (core's canSavePreferences).
 * Saving goes to _thankYou, or to emailListRequiresConfirmation when a double opt-in list was joined.
 */
export default function ManageScreen({ params }: ScreenProps<'manage'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const token = params.token ?? null;
  const lists = useApiQuery(`${EMAIL_LISTS_QUERY_PREFIX}lists`, fetchLists);
  const mine = useApiQuery(token ? `${EMAIL_LISTS_QUERY_PREFIX}mine:${token}` : null, (a) => fetchMine(a, token!));
  const initial = useMemo(() => subscribedListUids(lists.data, mine.data), [lists.data, mine.data]);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  // Starts on the visitor's first interaction with the screen (a toggle); Save waits for ALTCHA if it has not solved yet.
  const captcha = useCaptcha();
  const current = chosen ?? initial;
  const save = useAction(async () => {
    const captchaToken = await captcha.waitForToken();
    if (captcha.required && !captchaToken) throw new ApiProblem({ kind: 'client', status: 400, code: ErrorCode.CaptchaRequired });
    const answer = await savePreferences(api, token!, [...current], captchaToken).catch((err: unknown) => {
      captcha.renew(); // a token counts once
      throw err;
    });
    cache.invalidate(EMAIL_LISTS_QUERY_PREFIX);
    const waiting = (lists.data?.items ?? []).filter((l) => answer.ConfirmationNeeded.includes(l.Uid)).map((l) => l.Name);
    if (waiting.length) actions.goTo('emailListRequiresConfirmation', { token: token!, lists: waiting.join(', ') });
    else actions.goTo('_thankYou', { token: token! });
  });

  const linkBroken = !token || mine.problem?.code === ErrorCode.EmailListLinkInvalid;
  if (linkBroken) return <LinkInvalid heading={t('states.manage')} />;
  const problem = lists.problem ?? mine.problem;
  if (!lists.data || !mine.data) {
    return (
      <div ref={emailListsSheetRef}>
        <ScreenHeading>{t('states.manage')}</ScreenHeading>
        {problem ? <ErrorList errors={problemErrors(problem)} /> : <Spinner />}
      </div>
    );
  }
  const toggle = (uid: string, on: boolean) => {
    const next = new Set(current);
    if (on) next.add(uid); else next.delete(uid);
    setChosen(next);
  };
  // The captcha holds Save back only while the visitor has to complete it (reCAPTCHA, Turnstile): Save waits for ALTCHA.
  const enabled = canSavePreferences({ initial, chosen: current, captchaRequired: captcha.missing, captchaToken: captcha.token }) && !save.busy;
  return (
    <div ref={emailListsSheetRef} className="p-lists" {...captcha.startOn}>
      <ScreenHeading>{t('states.manage')}</ScreenHeading>
      <p className="p-lead">{t('emailLists.intro')}</p>
      <ErrorList errors={save.errors} />
      {lists.data.items.length === 0 && <p className="p-muted">{t('emailLists.noLists')}</p>}
      <div>
        {lists.data.items.map((l) => (
          <ToggleSwitch key={l.Uid} label={l.Name} description={l.Description ? htmlToPlainText(l.Description) : undefined}
            checked={current.has(l.Uid)} onChange={(on) => toggle(l.Uid, on)} />
        ))}
      </div>
      {captcha.element}
      <div className="p-lists-actions">
        <button type="button" className="p-link-button" onClick={() => setChosen(new Set())}>{t('emailLists.optOutAll')}</button>
        <button type="button" className="p-btn p-btn-primary" disabled={!enabled} onClick={() => void save.run()}>
          {save.busy ? t('emailLists.saving') : t('emailLists.save')}
        </button>
      </div>
    </div>
  );
}
