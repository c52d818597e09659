import { useLayoutEffect, useRef, useState } from 'react';
import { CaseSource } from '@portico/core/support/support-limits';
import { formatLocalTime, formatMediumDate } from '../i18n/format-date.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { scrollToShow, visibleRange } from './virtual-window.ts';
import type { InboxItem } from './use-inbox.ts';

export const ROW_HEIGHT = 86;

/**
 * The inbox's rows, virtualized: only the rows in view (plus a few) are in the DOM, so a list of 1,000
 * scrolls and filters as fast as one of 10. Each row is a button in a list item that states its
 * position (aria-setsize / aria-posinset), so a screen reader still hears "12 of 1,000".
 */
export function InboxList({ items, total, selected, onSelect, onNearEnd }: {
  items: InboxItem[]; total: number; selected: string | null; onSelect: (uid: string) => void; onNearEnd: () => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 600 });
  const selectedIndex = items.findIndex((i) => i.Uid === selected);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ scrollTop: el.scrollTop, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // j/k: the chosen row is scrolled into view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || selectedIndex < 0) return;
    const top = scrollToShow(selectedIndex, { scrollTop: el.scrollTop, viewportHeight: el.clientHeight, rowHeight: ROW_HEIGHT });
    if (top !== el.scrollTop) el.scrollTop = top;
  }, [selectedIndex]);

  const { start, end } = visibleRange({ scrollTop: view.scrollTop, viewportHeight: view.height, rowHeight: ROW_HEIGHT, count: items.length });
  const onScroll = () => {
    const el = scroller.current!;
    setView({ scrollTop: el.scrollTop, height: el.clientHeight });
    if (el.scrollTop + el.clientHeight > items.length * ROW_HEIGHT - ROW_HEIGHT * 10) onNearEnd();
  };
  const spacer = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => { spacer.current?.style.setProperty('height', `${items.length * ROW_HEIGHT}px`); }, [items.length]);

  return (
    <div className="c-inbox-scroll" ref={scroller} onScroll={onScroll}>
      <ul className="c-inbox-rows" ref={spacer} aria-label={t('console.inbox.list')}>
        {items.slice(start, end).map((item, i) => (
          <Row key={item.Uid} item={item} index={start + i} total={total} current={item.Uid === selected} onSelect={onSelect} />
        ))}
      </ul>
    </div>
  );
}

/** When a row last changed: the time today, the date before (the reader's own zone). */
function rowTime(iso: string, locale: string): string {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString() ? formatLocalTime(iso, locale) : formatMediumDate(iso, locale);
}

/** The last message in one line: who (when not the customer) and what (a file by its name). */
function previewText(last: NonNullable<InboxItem['LastMessage']>, t: (key: string, o?: Record<string, unknown>) => string): string {
  const what = last.Attachment ? t('console.inbox.previewFile', { name: last.Text }) : last.Text;
  if (last.From === 'agent') return t('console.inbox.previewAgent', { text: what });
  if (last.From === 'system') return t('console.inbox.previewAuto', { text: what });
  return what;
}

function Row({ item, index, total, current, onSelect }: { item: InboxItem; index: number; total: number; current: boolean; onSelect: (uid: string) => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => { ref.current?.style.setProperty('transform', `translateY(${index * ROW_HEIGHT}px)`); }, [index]);
  const chat = item.Source === CaseSource.Chat;
  return (
    <li ref={ref} className="c-row" aria-setsize={total} aria-posinset={index + 1}>
      <button type="button" className={`c-row-btn${current ? ' c-current' : ''}${item.Unread ? ' c-unread' : ''}`} aria-current={current ? 'true' : undefined} onClick={() => onSelect(item.Uid)}>
        <span className="c-row-top">
          {item.Unread && <span className="c-dot" aria-hidden="true" />}
          <span className="c-row-email">{item.Email || t('console.conversation.visitor')}</span>
          {item.Unread && <span className="p-sr-only">{t('console.inbox.unread')}</span>}
          <span className="c-badge">{chat ? t('console.inbox.chat') : t('console.inbox.case')}</span>
          <time className="c-row-time" dateTime={item.Updated}>{rowTime(item.Updated, i18n.language)}</time>
        </span>
        <span className="c-row-sub">#{item.Number} · {chat ? t('console.inbox.liveChat') : item.Subject}{item.Status === 'closed' ? ` · ${t('console.inbox.closed')}` : ''}</span>
        {item.LastMessage && <span className="c-row-preview">{previewText(item.LastMessage, t)}</span>}
      </button>
    </li>
  );
}
