import { useCallback, useEffect, useRef, useState } from 'react';
import type { DisplayMode } from '@portico/core';
import type { ApiClient } from '../api/http.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { AutoReplyDialog, ShortcutsDialog } from './console-dialogs.tsx';
import type { ConsoleOperator, ConsoleToken } from './console-token.ts';
import { ConversationView } from './conversation-view.tsx';
import { CustomerPanel } from './customer-panel.tsx';
import { InboxList } from './inbox-list.tsx';
import { shortcutFor } from './shortcuts.ts';
import { useConsoleFeed } from './use-console-feed.ts';
import { useInbox, type InboxFilters } from './use-inbox.ts';
import { usePresence } from './use-presence.ts';

/** The signed-in console: header, inbox (filters, search, the virtualized list), the conversation and the customer beside it. */
export function Workspace({ api, token, me, theme, onTheme, onLogout }: {
  api: ApiClient; token: ConsoleToken; me: ConsoleOperator; theme: DisplayMode; onTheme: (m: DisplayMode) => void; onLogout: () => void;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<InboxFilters>({ status: 'open', assigned: 'all', email: '' });
  const [search, setSearch] = useState('');
  const feed = useConsoleFeed(token);
  const inbox = useInbox(api, filters, feed);
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'shortcuts' | 'auto-reply' | null>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const online = usePresence(api, token.get);

  // Typing in the search box filters after a short pause, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.email === search ? f : { ...f, email: search })), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const move = useCallback((step: number) => {
    const list = inbox.items;
    if (!list.length) return;
    const at = list.findIndex((i) => i.Uid === selected);
    const next = at < 0 ? 0 : Math.min(list.length - 1, Math.max(0, at + step));
    setSelected(list[next]!.Uid);
    if (next >= list.length - 5) void inbox.loadMore();
  }, [inbox, selected]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialog) return;
      const action = shortcutFor(e);
      if (!action) return;
      e.preventDefault();
      if (action === 'next') move(1);
      else if (action === 'previous') move(-1);
      else if (action === 'reply') replyRef.current?.focus();
      else if (action === 'close') document.querySelector<HTMLButtonElement>('[data-close-conversation]:not(:disabled)')?.click();
      else setDialog('shortcuts');
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [dialog, move]);

  const logout = async () => {
    try {
      await api.request('put', '/api/v1/console/presence', { body: { Online: false } });
      await api.request('post', '/api/v1/console/tokens/logout');
    } finally {
      onLogout();
    }
  };
  const setFilter = <K extends keyof InboxFilters>(key: K, value: InboxFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <div className="c-app">
      <header className="c-header">
        <h1 className="c-brand">{t('console.title')}</h1>
        <p className={`c-presence${online ? ' c-online' : ''}`}><span className="c-presence-dot" aria-hidden="true" />{online ? t('console.header.online') : t('console.header.offline')}</p>
        <div className="c-header-tools">
          <label className="c-inline-field">
            <span className="p-small">{t('console.header.theme')}</span>
            <select className="p-select c-compact" value={theme} onChange={(e) => onTheme(e.target.value as DisplayMode)}>
              <option value="auto">{t('console.header.themeAuto')}</option>
              <option value="light">{t('console.header.themeLight')}</option>
              <option value="dark">{t('console.header.themeDark')}</option>
            </select>
          </label>
          {me.role === 'admin' && <button type="button" className="p-btn p-btn-secondary c-compact" onClick={() => setDialog('auto-reply')}>{t('console.header.autoReply')}</button>}
          <button type="button" className="p-btn p-btn-secondary c-compact" aria-keyshortcuts="?" onClick={() => setDialog('shortcuts')}>{t('console.header.shortcuts')}</button>
          <span className="c-me" title={t('console.header.signedInAs', { name: me.name })}><span className="c-initials" aria-hidden="true">{me.initials}</span><span className="p-sr-only">{t('console.header.signedInAs', { name: me.name })}</span></span>
          <button type="button" className="p-btn p-btn-secondary c-compact" onClick={() => void logout()}>{t('console.header.logout')}</button>
        </div>
      </header>
      <div className="c-main">
        <nav className="c-inbox" aria-labelledby="c-inbox-heading">
          <div className="c-inbox-head">
            <h2 id="c-inbox-heading" className="c-panel-title">{t('console.inbox.heading')} <span className="p-muted p-small">{t('console.inbox.count', { count: inbox.total })}</span></h2>
            <input className="p-input" type="search" aria-label={t('console.inbox.search')} placeholder={t('console.inbox.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
            <div className="c-filters">
              <label className="c-inline-field"><span className="p-small">{t('console.inbox.status')}</span>
                <select className="p-select c-compact" value={filters.status} onChange={(e) => setFilter('status', e.target.value as InboxFilters['status'])}>
                  <option value="open">{t('console.inbox.open')}</option>
                  <option value="closed">{t('console.inbox.closed')}</option>
                  <option value="all">{t('console.inbox.all')}</option>
                </select>
              </label>
              <label className="c-inline-field"><span className="p-small">{t('console.inbox.assigned')}</span>
                <select className="p-select c-compact" value={filters.assigned} onChange={(e) => setFilter('assigned', e.target.value as InboxFilters['assigned'])}>
                  <option value="all">{t('console.inbox.all')}</option>
                  <option value="me">{t('console.inbox.me')}</option>
                  <option value="unassigned">{t('console.inbox.unassigned')}</option>
                </select>
              </label>
            </div>
          </div>
          {inbox.state === 'failed' && <p className="c-error" role="alert">{t('console.inbox.failed')} <button type="button" className="p-link" onClick={() => void inbox.refresh()}>{t('console.inbox.retry')}</button></p>}
          {inbox.state === 'loading' && <p className="p-muted c-pad" role="status">{t('console.inbox.loading')}</p>}
          {inbox.state === 'ready' && inbox.items.length === 0 && <p className="p-muted c-pad">{t('console.inbox.empty')}</p>}
          <InboxList items={inbox.items} total={inbox.total} selected={selected} onSelect={setSelected} onNearEnd={() => void inbox.loadMore()} />
        </nav>
        {selected ? (
          <>
            <ConversationView key={selected} api={api} token={token} feed={feed} me={me} uid={selected} replyRef={replyRef} onRead={inbox.markRead} onChanged={() => void inbox.refresh()} />
            <CustomerPanel api={api} caseUid={selected} onOpen={setSelected} />
          </>
        ) : <section className="c-conversation c-empty" aria-label={t('console.conversation.activities')}><p className="p-muted">{t('console.conversation.none')}</p></section>}
      </div>
      {dialog === 'shortcuts' && <ShortcutsDialog onClose={() => setDialog(null)} />}
      {dialog === 'auto-reply' && <AutoReplyDialog api={api} onClose={() => setDialog(null)} />}
    </div>
  );
}
