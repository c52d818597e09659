import './setup.ts';
import { useState } from 'react';
import { ErrorCode } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { useAction } from '../../components/use-action.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { signOut } from '../../signin/sign-out.ts';
import type { ScreenProps } from '../../states.ts';
import { undoEmailChange } from './email-change-calls.ts';
import { emailChangeSheetRef } from './setup.ts';

/**
 * emailChangeUndo (issue 12; an added state): the loader opens it when the page address carries
 * `emailChangeUndoToken` (the notice mailed to the old address). Nothing happens until the person
 * presses 'Undo the change' (a mail scanner running the page's script changes nothing): the old
 * email comes back, every session ends and the password stops working, so the screen signs this
 * browser out and sends the person to choose a new password (forgotPassword, prefilled).
 */
export default function EmailChangeUndoScreen({ params }: ScreenProps<'emailChangeUndo'>) {
  const { t } = useTranslation();
  const { actions, runtime } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const [restored, setRestored] = useState<string | null>(null);
  const undo = useAction(async () => {
    if (!params.token) return;
    const answer = await undoEmailChange(api, params.token);
    // Every session ended on the server: this browser's token is dead too.
    await signOut(runtime);
    cache.invalidate();
    setRestored(answer.Email);
  });
  const { problem, busy } = undo;

  if (restored) {
    return (
      <div ref={emailChangeSheetRef} className="p-email-done">
        <ScreenHeading>{t('emailChange.undoneTitle')}</ScreenHeading>
        <p className="p-lead">{t('emailChange.undoneText', { email: restored })}</p>
        <p>{t('emailChange.undoneNext', { email: restored })}</p>
        <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('forgotPassword', { email: restored })}>{t('emailChange.chooseNewPassword')}</button>
      </div>
    );
  }
  const invalid = !params.token || problem?.code === ErrorCode.InvalidToken;
  return (
    <div ref={emailChangeSheetRef}>
      <ScreenHeading>{t('states.emailChangeUndo')}</ScreenHeading>
      {invalid && <ErrorList errors={[{ code: 'emailChange.undoInvalid' }]} />}
      {!invalid && <ErrorList errors={undo.errors} />}
      {!invalid && <p className="p-lead" style={{ marginBottom: 12 }}>{t('emailChange.undoText')}</p>}
      <div className="p-email-actions">
        {!invalid && (
          <button type="button" className="p-btn p-btn-primary" aria-disabled={busy || undefined} onClick={() => void undo.run()}>
            {busy ? t('emailChange.undoing') : t('emailChange.undoButton')}
          </button>
        )}
        <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('login')}>{t('emailChange.backToLogin')}</button>
      </div>
    </div>
  );
}
