import { ChatMessageType } from '@portico/core/chat/chat-protocol';
import type { HeldChatMessage } from '@portico/core/chat/chat-messages';
import { isAgentMessage } from '@portico/core/chat/chat-messages';
import { operatorInitials } from '@portico/core/operators/operator-rules';
import { attachmentHref, findLinks, parseAttachment } from '@portico/core/chat/chat-text';
import { useTranslation } from '../i18n/use-translation.ts';
import { formatLocalTime } from '../i18n/format-date.ts';
import { sanitizeRichText } from './sanitize-rich-text.ts';

/**
 * The operator's initials ('Ana Maria Lee' → 'AL'), the console's own rule (core operatorInitials, the same letters
 * the console shows its operator), else the company's first letter (spec 2 section 2).
 */
export function avatarLetters(agentName: string | null, company: string): string {
  if (agentName && agentName.trim()) return operatorInitials(agentName);
  return (company.trim()[0] ?? '?').toUpperCase();
}

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function DownloadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M11 3h2v9.6l3.3-3.3 1.4 1.4L12 16.4 6.3 10.7l1.4-1.4L11 12.6V3zM4 18h16v2H4z" />
    </svg>
  );
}

/** A visitor's plain text with its links clickable, opened in a new tab. */
function PlainText({ text }: { text: string }) {
  return (
    <p className="p-chat-body">
      {findLinks(text).map((piece, i) => ('href' in piece ? <a key={i} href={piece.href} {...NEW_TAB}>{piece.text}</a> : <span key={i}>{piece.text}</span>))}
    </p>
  );
}

export interface ChatMessageViewProps {
  message: HeldChatMessage;
  company: string;
  server: string;
  credential: { uvi: string } | { accessToken: string } | null;
  waiting: boolean;
}

/** One bubble (spec 2 section 2): incoming with avatar and heading, outgoing for the visitor; attachments; the local-time footer. */
export function ChatMessageView({ message, company, server, credential, waiting }: ChatMessageViewProps) {
  const { t, i18n } = useTranslation();
  const incoming = isAgentMessage(message);
  const attachment = parseAttachment(message.Comment);
  const href = attachment && credential ? attachmentHref(attachment.url, server, credential) : null;
  const author = incoming
    ? (message.Type === ChatMessageType.AutoReply || !message.AgentName ? t('chat.autoReplyFrom', { company }) : message.AgentName)
    : null;
  let body;
  if (attachment) {
    body = attachment.kind === 'image' && href
      ? <a href={href} {...NEW_TAB}><img className="p-chat-image" src={href} alt={attachment.name} /></a>
      : <a className="p-chat-file" href={href ?? undefined} {...NEW_TAB} aria-label={t('chat.download', { name: attachment.name })}>{attachment.name}<DownloadIcon /></a>;
  } else if (incoming) {
    // An operator's rich text, sanitized with the one allow-list (the server sanitized it too, on write and on read).
    body = <div className="p-chat-body p-chat-rich" dangerouslySetInnerHTML={{ __html: sanitizeRichText(message.Comment) }} />;
  } else {
    body = <PlainText text={message.Comment} />;
  }
  const status = message.Uid !== null ? formatLocalTime(message.Created, i18n.language) : waiting ? t('chat.waitingForEmail') : t('chat.sending');
  return (
    <li className={`p-chat-msg ${incoming ? 'p-chat-msg-in' : 'p-chat-msg-out'}`}>
      {incoming && <span className="p-chat-avatar" aria-hidden="true">{avatarLetters(message.Type === ChatMessageType.AutoReply ? null : message.AgentName, company)}</span>}
      <div className="p-chat-bubble">
        {author && <p className="p-chat-author">{author}</p>}
        {body}
        <time className="p-chat-time" dateTime={message.Created}>{status}</time>
      </div>
    </li>
  );
}
