import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { DragEvent, FormEvent } from 'react';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH, ChatConnectionState } from '@portico/core/chat/chat-protocol';
import { isValidEmail } from '@portico/core/validation/email';
import { ScreenHeading } from '../components/screen-heading.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useApi } from '../api/use-api-query.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChatMessageView } from './chat-message-view.tsx';
import { uploadChatFile } from './chat-calls.ts';
import type { ChatSession } from './chat-session.ts';

export interface ChatTexts {
  company: string;
  introHeading: string;
  introMessage: string;
  requireEmailMessage: string;
}

export function useChatView(session: ChatSession) {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

function SendIcon() {
  return <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" /></svg>;
}
function ClipIcon() {
  return <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z" /></svg>;
}

/** The e-mail request shown in the list while messages wait for it (RequireEmail; spec 2 sections 2 and 4). */
function EmailRequest({ session, message }: { session: ChatSession; message: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (email.trim() === '') return setError(t('chat.emailRequired'));
    // Spec 2 section 5: the chat's e-mail must match the email pattern before it is sent.
    if (!isValidEmail(email.trim())) return setError(t('chat.emailInvalid'));
    setBusy(true);
    const answer = await session.setPersonEmail(email);
    setBusy(false);
    setError(answer === 'ok' ? null : t('chat.emailFailed'));
  };
  return (
    <li>
      <form className="p-chat-email" noValidate onSubmit={(e) => void submit(e)}>
        <p id={`${id}-msg`}>{message}</p>
        <div className="p-chat-email-row">
          <input
            className="p-input" type="email" autoComplete="email" aria-label={t('chat.emailLabel')} aria-describedby={`${id}-msg${error ? ` ${id}-err` : ''}`}
            aria-invalid={error ? true : undefined} value={email} onChange={(e) => setEmail(e.target.value)} />
          <button type="submit" className="p-btn p-btn-primary" disabled={busy}>{t('chat.emailSubmit')}</button>
        </div>
        {error && <p id={`${id}-err`} className="p-field-error" role="alert">{error}</p>}
      </form>
    </li>
  );
}

interface Overlay { file: File | null; error: string | null; busy: boolean }

/** The live panel (spec 2 section 2 "Live chat panel"). */
export function ChatPanel({ session, texts, server }: { session: ChatSession; texts: ChatTexts; server: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const view = useChatView(session);
  const [text, setText] = useState('');
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const connected = view.connection === ChatConnectionState.Connected;
  const canAttach = connected && view.caseUid !== null;
  const credential = session.credential();

  // The list stays scrolled to the newest message.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [view.messages.length, view.emailRequested]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (session.send(text)) setText('');
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setOverlay({ file, error: file.size > CHAT_ATTACHMENT_MAX_BYTES ? t('chat.tooLarge') : null, busy: false });
  };
  const upload = async () => {
    if (!overlay?.file || overlay.error || overlay.busy || !view.caseUid || !credential) return;
    setOverlay({ ...overlay, busy: true });
    try {
      await uploadChatFile(api, view.caseUid, overlay.file, credential);
      setOverlay(null);
    } catch {
      setOverlay({ ...overlay, busy: false, error: t('chat.uploadFailed') });
    }
  };
  const onDragOver = (e: DragEvent) => {
    if (!canAttach || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    if (!overlay) setOverlay({ file: null, error: null, busy: false });
  };
  const onDrop = (e: DragEvent) => {
    if (!canAttach) return;
    e.preventDefault();
    choose(e.dataTransfer.files[0]);
  };
  useEffect(() => {
    if (!canAttach) setOverlay(null);
  }, [canAttach]);

  let heading: string;
  if (!connected) heading = t('chat.tryingToConnect');
  else if (view.messages.length === 0) heading = texts.introHeading;
  else heading = t('chat.chattingWith', { company: texts.company });

  return (
    <div className="p-chat" onDragOver={onDragOver} onDrop={onDrop}>
      {connected ? <ScreenHeading>{heading}</ScreenHeading> : (
        <div className="p-chat-connecting"><ScreenHeading>{heading}</ScreenHeading><Spinner /></div>
      )}
      {connected && view.messages.length === 0 && <p className="p-chat-intro">{texts.introMessage}</p>}
      {(view.messages.length > 0 || view.emailRequested) && (
        <div ref={logRef} className="p-chat-log" role="log" aria-label={t('chat.messages')} tabIndex={0}>
          <ol className="p-chat-list">
            {view.messages.map((m) => (
              <ChatMessageView key={m.Uid ?? m.ClientId ?? m.Created} message={m} company={texts.company} server={server} credential={credential}
                waiting={m.ClientId !== null && view.waiting.includes(m.ClientId)} />
            ))}
            {view.emailRequested && <EmailRequest session={session} message={texts.requireEmailMessage} />}
          </ol>
        </div>
      )}
      {view.sendFailed && (
        <div className="p-chat-alert" role="alert">
          <span>{t('chat.sendFailed')}</span>
          <button type="button" className="p-link" onClick={() => session.dismissSendFailure()}>{t('chat.dismiss')}</button>
        </div>
      )}
      <form className="p-chat-composer" onSubmit={submit}>
        {canAttach && (
          <>
            <button type="button" className="p-chat-icon-btn" aria-label={t('chat.attach')} title={t('chat.attach')} onClick={() => fileRef.current?.click()}><ClipIcon /></button>
            <input ref={fileRef} type="file" hidden tabIndex={-1} aria-hidden="true" onChange={(e) => { choose(e.target.files?.[0]); e.target.value = ''; }} />
          </>
        )}
        <input
          className="p-input" type="text" aria-label={t('chat.typeMessage')} placeholder={t('chat.typeMessage')} maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="p-chat-icon-btn p-chat-send" aria-label={t('chat.send')} title={t('chat.send')} disabled={view.sending}><SendIcon /></button>
      </form>
      {overlay && (
        <div className="p-chat-overlay" role="group" aria-label={t('chat.uploadDialog')}>
          {overlay.file ? <p>{t('chat.chosenFile', { name: overlay.file.name })}</p> : <p>{t('chat.dropFile')}</p>}
          <button type="button" className="p-btn p-btn-secondary" onClick={() => fileRef.current?.click()}>{t('chat.selectFile')}</button>
          {overlay.error && <p className="p-field-error" role="alert">{overlay.error}</p>}
          <div className="p-chat-overlay-actions">
            <button type="button" className="p-btn p-btn-secondary" onClick={() => setOverlay(null)}>{t('chat.cancel')}</button>
            <button type="button" className="p-btn p-btn-primary" disabled={!overlay.file || overlay.error !== null || overlay.busy} onClick={() => void upload()}>
              {overlay.busy ? t('chat.uploading') : t('chat.ok')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
