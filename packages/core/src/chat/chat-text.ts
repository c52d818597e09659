/**
 * Reading a message's Comment (spec 2 sections 2 and 3): links in a visitor's plain text, and the
 * attachment line 'attachment|{image or file}|{url}' whose url carries the file name as `name`.
 */
import { CHAT_ATTACHMENT_PREFIX } from './chat-protocol.ts';

export type TextPiece = { text: string } | { text: string; href: string };

// http(s) URLs and bare www. addresses; a trailing full stop, comma or closing bracket is text, not URL.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Splits plain text into text and links (http, https, or www. which becomes https). */
export function findLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: url, href: /^www\./i.test(url) ? `https://${url}` : url });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

export interface ChatAttachment {
  kind: 'image' | 'file';
  /** As stored: the download path without the credential. */
  url: string;
  name: string;
}

/** The attachment a Comment encodes, or null for an ordinary message. */
export function parseAttachment(comment: string): ChatAttachment | null {
  if (!comment.startsWith(CHAT_ATTACHMENT_PREFIX)) return null;
  const rest = comment.slice(CHAT_ATTACHMENT_PREFIX.length);
  const bar = rest.indexOf('|');
  if (bar < 0) return null;
  const kind = rest.slice(0, bar);
  const url = rest.slice(bar + 1);
  // Only a path on the Portico server: the widget appends the visitor's credential to it, which must never go elsewhere.
  if ((kind !== 'image' && kind !== 'file') || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  // The `name` query parameter, read by hand: core runs without the DOM's URL types.
  const raw = /[?&]name=([^&#]*)/.exec(url)?.[1];
  let name = '';
  try {
    name = raw === undefined ? '' : decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  if (name === '') name = url.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? 'file';
  return { kind, url, name };
}

/** The download URL with the visitor's credential (the uvi, or the signed-in person's token), on the server's origin. */
export function attachmentHref(url: string, serverOrigin: string, credential: { uvi: string } | { accessToken: string }): string {
  const query = 'uvi' in credential ? `uvi=${encodeURIComponent(credential.uvi)}` : `access_token=${encodeURIComponent(credential.accessToken)}`;
  return `${serverOrigin.replace(/\/+$/, '')}${url}${url.includes('?') ? '&' : '?'}${query}`;
}
