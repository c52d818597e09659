import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { isAllowedRichTextUrl, RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_STYLES, RICH_TEXT_TAGS } from '@portico/core/rich-text/allow-list';

/**
 * The one rich-text sanitizer and its one allow-list (docs/decisions.md "Rich text is sanitized
 * when written and when read"). Every field that holds admin-written HTML goes through
 * `sanitizeRichText`, and nothing else in the product parses or filters HTML:
 *
 * | Field | Written (sanitized on the way in) | Read (sanitized on the way out, for rows stored before) |
 * |---|---|---|
 * | Plan.Description (spec 1 §3 "Description (HTML)") | `catalog/catalog-inputs.ts` `planRow`: admin API create/update and the config seed | `catalog/catalog.mappers.ts` `planFromRow`: every plan read (plans list and by uid, init settings, admin reads, subscriptions, the catalogue snapshot) |
 * | terms.html (company config; spec "terms HTML") | never stored: the config file is the source | `widgets/build-init-settings.ts` (TermsText), its only reader |
 * | Chat operator messages (issue 19, docs/chat.md) | `chat/chat-messages.ts` `agentReply`: the admin API's reply, before it is stored | `chat/chat-message-out.ts` `chatMessageOut` (hub, admin chat reads) and `support/support-admin.routes.ts` (the support case read) |
 *
 * Plan families and add-ons carry no description in this product, and an email list's Description
 * is plain text (the widget renders it as text). A new HTML field adds a row here and calls
 * `sanitizeRichText` where it is written and where it is read.
 *
 * The allow-list is data in core (`@portico/core/rich-text/allow-list`: spec 2 section 5, with issue
 * 19's schemes: http, https, ftp, mailto on links, `data:` only as an image's src, `file:` never); the
 * widget applies the same list with DOMPurify. Everything else (script, style, iframe, object, embed,
 * form, svg, event handlers, javascript: and vbscript: URLs) is dropped; a dropped element's text is
 * kept, a script's or style's is not.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['rel'], '*': [...RICH_TEXT_ATTRIBUTES] },
  allowedStyles: { '*': Object.fromEntries(Object.entries(RICH_TEXT_STYLES).map(([property, pattern]) => [property, [pattern]])) },
  // <source> is a void element: written <source … />, never with a closing tag.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source'],
  // Schemes are decided per tag and attribute by core's isAllowedRichTextUrl (below); sanitize-html's own
  // scheme check runs first with every scheme the list could allow, and its data: pass is narrowed here.
  allowedSchemes: [...RICH_TEXT_SCHEMES, 'data'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Drops each href/src core's list refuses for that tag (data: outside an image, mailto: outside a link). */
function withUrlsChecked(options: sanitizeHtml.IOptions): sanitizeHtml.IOptions {
  const transformTags: Record<string, sanitizeHtml.Transformer> = {};
  for (const tag of RICH_TEXT_TAGS) {
    const inner = options.transformTags?.[tag];
    transformTags[tag] = (tagName, attribs) => {
      const base = typeof inner === 'function' ? inner(tagName, attribs) : { tagName, attribs };
      const kept = { ...base.attribs };
      for (const attribute of ['href', 'src']) {
        const value = kept[attribute];
        if (value !== undefined && !isAllowedRichTextUrl(tagName, attribute, value)) delete kept[attribute];
      }
      return { ...base, attribs: kept };
    };
  }
  return { ...options, transformTags };
}
const CHECKED = withUrlsChecked(OPTIONS);

/**
 * Sanitizing is deterministic, so the answer for a text is remembered (a few hundred texts at
 * most: a catalogue's descriptions and the terms, and the latest chat replies); reads of the catalogue then cost a lookup.
 */
const MEMO_MAX = 256;
const memo = new Map<string, string>();

/** The text with only the allow-list left; null stays null. Sanitizing a sanitized text changes nothing. */
export function sanitizeRichText(html: string | null): string | null {
  if (html === null) return null;
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, CHECKED);
  if (memo.size >= MEMO_MAX - 1) { memo.delete(memo.keys().next().value!); memo.delete(memo.keys().next().value!); }
  memo.set(html, clean);
  // Sanitizing a clean text gives it back: the read right after a write (a chat reply's echo) costs a lookup.
  memo.set(clean, clean);
  return clean;
}

/** Elements after which a reader sees a break: their text must not run into the next one's. */
const BLOCKS = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr', 'table', 'hr']);

/**
 * Rich text as one line of plain text, for a preview (the console inbox's last message): the text of the
 * sanitized HTML, entities decoded, blocks separated by a space, whitespace collapsed, cut at `max`
 * characters with an ellipsis. The answer is text, to be shown as text; parsing stays in this file.
 */
export function richTextToPlainText(html: string, max: number): string {
  const parts: string[] = [];
  const parser = new Parser({
    ontext: (text) => { parts.push(text); },
    onclosetag: (name) => { if (BLOCKS.has(name)) parts.push(' '); },
  }, { decodeEntities: true });
  parser.write(sanitizeRichText(html) ?? '');
  parser.end();
  return clipText(parts.join(''), max);
}

/** Whitespace collapsed to single spaces and the text cut at `max` characters (an ellipsis ends a cut text). */
export function clipText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
