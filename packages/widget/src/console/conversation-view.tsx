import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { ActivityType, CaseSource } from '@portico/core/support/support-limits';
import { isAttachmentComment } from '@portico/core/chat/chat-rules';
import { parseAttachment } from '@portico/core/chat/chat-text';
import type { ApiClient } from '../api/http.ts';
import type { Operation, ResponseBody } from '../api/api-types.ts';
import { sanitizeRichText } from '../chat/sanitize-rich-text.ts';
import { formatBytes } from '../components/file-validation.ts';
import { formatLocalTime } from '../i18n/format-date.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { coalesce } from './coalesce.ts';
import { downloadFile } from './console-api.ts';
import type { ConsoleToken, ConsoleOperator } from './console-token.ts';
import type { ConsoleFeed } from './use-console-feed.ts';

export type ConsoleCase = ResponseBody<Operation<'get', '/api/v1/console/cases/{uid}'>>;
type Activity = ConsoleCase['Activities'][number];
type Attachment = ConsoleCase['Attachments'][number];

/**
 * The case and its activities, loaded again when the live feed names it (or says anything may have
 * changed), one load at a time; tells the server the operator read it whenever the person wrote more.
 */
export function useConversation(api: ApiClient, uid: string, onRead: (uid: string) => void, feed: ConsoleFeed) {
  const [data, setData] = useState<ConsoleCase | null>(null);
  const [failed, setFailed] = useState(false);
  const seen = useRef(-1);
  const load = useCallback(async (signal?: AbortSignal) => {
    const c = await api.request('get', '/api/v1/console/cases/{uid}', { path: { uid }, ...(signal ? { signal } : {}) });
    setData(c);
    setFailed(false);
    const persons = c.Activities.filter((a) => a.Author.Kind === 'person').length;
    if (persons !== seen.current) {
      seen.current = persons;
      await api.request('post', '/api/v1/console/cases/{uid}/read', { path: { uid } });
      onRead(uid);
    }
  }, [api, uid, onRead]);
  useEffect(() => {
    const abort = new AbortController();
    seen.current = -1;
    setData(null);
    load(abort.signal).catch((err: unknown) => { if (!abort.signal.aborted && (err as Error)?.name !== 'AbortError') setFailed(true); });
    return () => abort.abort();
  }, [load]);
  const current = useRef(load);
  current.current = load;
  const again = useMemo(() => coalesce(() => current.current()), []);
  useEffect(() => feed.subscribe((changed) => { if (changed === null || changed === uid) again(); }), [feed, uid, again]);
  return { data, failed, reload: load };
}

/**
 * One conversation (issue 20): its activities in order, attachments to download, the reply box,
 * close / reopen and 'Assign to me'. An operator's message is HTML sanitized with the one allow-list
 * (chat/sanitize-rich-text.ts); a visitor's text and an inbound mail are shown as text, never as HTML.
 */
export function ConversationView({ api, token, feed, me, uid, replyRef, onRead, onChanged }: {
  api: ApiClient; token: ConsoleToken; feed: ConsoleFeed; me: ConsoleOperator; uid: string; replyRef: RefObject<HTMLTextAreaElement | null>; onRead: (uid: string) => void; onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { data, failed, reload } = useConversation(api, uid, onRead, feed);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const count = data?.Activities.length ?? 0;
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  if (failed && !data) return <section className="c-conversation" aria-label={t('console.conversation.activities')}><p className="c-error" role="alert">{t('console.conversation.loadFailed')}</p></section>;

  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      await reload();
      onChanged();
    } catch {
      setError(t('console.conversation.sendFailed'));
    } finally {
      setBusy(false);
    }
  };
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    const text = reply.trim();
    if (!text || busy) return;
    void act(async () => {
      await api.request('post', '/api/v1/console/cases/{uid}/replies', { path: { uid }, body: { Comment: text } });
      setReply('');
    });
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
  };
  // The reply box is there at once (r focuses it, the operator may start typing); the case fills in when it arrives.
  const chat = data?.Source === CaseSource.Chat;
  const mine = data?.Assignee?.OperatorUid === me.uid;
  const attachmentsOf = (activityUid: string) => data?.Attachments.filter((a) => a.ActivityUid === activityUid) ?? [];
  const loose = data?.Attachments.filter((a) => !a.ActivityUid || !data.Activities.some((x) => x.Uid === a.ActivityUid)) ?? [];

  return (
    <section className="c-conversation" aria-labelledby="c-conv-heading">
      {!data ? <header className="c-conv-head"><h2 id="c-conv-heading" className="c-conv-title p-muted">{t('console.inbox.loading')}</h2></header> : <header className="c-conv-head">
        <div>
          <h2 id="c-conv-heading" className="c-conv-title">{t('console.conversation.heading', { number: data.Number, subject: chat ? t('console.conversation.chatSubject', { email: data.Email || t('console.conversation.visitor') }) : data.Subject })}</h2>
          <p className="p-muted p-small">
            {data.Email} · {data.Status === 'open' ? t('console.conversation.statusOpen') : t('console.conversation.statusClosed')}
            {data.Assignee ? ` · ${mine ? t('console.conversation.assignedToYou') : t('console.inbox.assignee', { name: data.Assignee.Name })}` : ''}
          </p>
        </div>
        <div className="c-conv-actions">
          {!mine && <button type="button" className="p-btn p-btn-secondary" disabled={busy} onClick={() => void act(() => api.request('post', '/api/v1/console/cases/{uid}/assign', { path: { uid } }))}>{t('console.conversation.assignToMe')}</button>}
          {data.Status === 'open'
            ? <button type="button" className="p-btn p-btn-secondary" data-close-conversation disabled={busy} onClick={() => void act(() => api.request('post', '/api/v1/console/cases/{uid}/close', { path: { uid } }))}>{t('console.conversation.close')}</button>
            : <button type="button" className="p-btn p-btn-secondary" disabled={busy} onClick={() => void act(() => api.request('post', '/api/v1/console/cases/{uid}/reopen', { path: { uid } }))}>{t('console.conversation.reopen')}</button>}
        </div>
      </header>}
      {/* The log is a scrolling region around the list: a role on the <ol> itself would take its list semantics away. */}
      <div className="c-activities" ref={logRef} role="log" aria-label={t('console.conversation.activities')} aria-busy={data ? undefined : 'true'} tabIndex={0}>
        <ol className="c-activity-list">
          {data?.Activities.map((a) => <ActivityItem key={a.Uid} a={a} files={attachmentsOf(a.Uid)} token={token} caseUid={uid} />)}
          {loose.length > 0 && <li className="c-act"><Files files={loose} token={token} caseUid={uid} /></li>}
        </ol>
      </div>
      <form className="c-reply" onSubmit={send}>
        {error && <p className="c-error" role="alert">{error}</p>}
        <label className="p-label" htmlFor="c-reply-box">{t('console.conversation.reply')}</label>
        <textarea id="c-reply-box" ref={replyRef} className="p-input c-reply-box" rows={3} value={reply} onChange={(e) => setReply(e.target.value)} onKeyDown={onKey} />
        <div className="p-actions-end">
          <button type="submit" className="p-btn p-btn-primary" disabled={busy || !data || !reply.trim()}>{busy ? t('console.conversation.sending') : t('console.conversation.send')}</button>
        </div>
      </form>
    </section>
  );
}

function ActivityItem({ a, files, token: tk, caseUid }: { a: Activity; files: Attachment[]; token: ConsoleToken; caseUid: string }) {
  const { t, i18n } = useTranslation();
  const who = a.Author.Name || a.Author.Email || (a.Author.Kind === 'person' ? t('console.conversation.visitor') : t('console.conversation.someone'));
  const time = <time className="c-act-time" dateTime={a.Created}>{formatLocalTime(a.Created, i18n.language)}</time>;
  const event = (text: string) => <li className="c-act c-act-event"><p>{text} · {time}</p></li>;
  switch (a.Type) {
    case ActivityType.Closed: return event(t('console.conversation.closedBy', { who }));
    case ActivityType.Reopened: return event(t('console.conversation.reopenedBy', { who }));
    case ActivityType.Assigned: return event(t('console.conversation.assignedTo', { who: a.Body || who }));
    case ActivityType.ContactChange: return event(`${t('console.conversation.contactChange')}: ${a.Body}`);
    default: break;
  }
  const agent = a.Author.Kind !== 'person';
  const attachment = isAttachmentComment(a.Body) ? parseAttachment(a.Body) : null;
  let body;
  if (attachment) body = files.length ? null : <p className="c-text">{attachment.name}</p>;
  // An operator's rich text (chat replies are HTML): sanitized with the one allow-list before it is shown.
  else if (agent && a.Seq !== null) body = <div className="c-text c-rich" dangerouslySetInnerHTML={{ __html: sanitizeRichText(a.Body) }} />;
  // Everything else (a visitor's message, an inbound mail, a console reply by mail) is text.
  else body = <p className="c-text">{a.Body}</p>;
  return (
    <li className={`c-act ${agent ? 'c-act-agent' : 'c-act-person'}`}>
      <p className="c-act-meta">
        <span className="c-act-who">{a.Type === ActivityType.AutoReply ? t('console.conversation.autoReply') : a.Type === ActivityType.Note ? `${t('console.conversation.note')} · ${who}` : who}</span> · {time}
      </p>
      {body}
      {files.length > 0 && <Files files={files} token={tk} caseUid={caseUid} />}
    </li>
  );
}

function Files({ files, token, caseUid }: { files: Attachment[]; token: ConsoleToken; caseUid: string }) {
  const { t } = useTranslation();
  return (
    <ul className="c-files" aria-label={t('console.conversation.attachments')}>
      {files.map((f) => (
        <li key={f.Uid}>
          <button type="button" className="p-link" onClick={() => void downloadFile(token, '/api/v1/console/cases/{uid}/attachments/{attachmentUid}/data', { uid: caseUid, attachmentUid: f.Uid }, f.Name)}>
            {t('console.conversation.download', { name: f.Name })}
          </button>
          <span className="p-muted p-small"> ({formatBytes(f.Size)})</span>
        </li>
      ))}
    </ul>
  );
}
