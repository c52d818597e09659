/**
 * An operator's rich text, sanitized again at display (spec 2 section 5; docs/decisions.md "Rich text
 * is sanitized when written and when read"): DOMPurify configured only from the one allow-list
 * (`@portico/core/rich-text/allow-list`), never a list of its own. `data:` survives only as an
 * image's src, `file:` never; every link opens in a new tab without access to this page.
 */
import DOMPurify from 'dompurify';
import { isAllowedRichTextUrl, RICH_TEXT_ATTRIBUTES, RICH_TEXT_STYLES, RICH_TEXT_TAGS } from '@portico/core/rich-text/allow-list';

let purifier: ReturnType<typeof DOMPurify> | null = null;

function keepStyle(value: string): string {
  return value
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const val = declaration.slice(colon + 1).trim();
      const pattern = RICH_TEXT_STYLES[property];
      return pattern && pattern.test(val) ? `${property}: ${val}` : null;
    })
    .filter((d): d is string => d !== null)
    .join('; ');
}

function configured(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (data.attrName === 'href' || data.attrName === 'src') {
      if (!isAllowedRichTextUrl(tag, data.attrName, data.attrValue)) data.keepAttr = false;
      // The allow-list decided: DOMPurify's own URI pattern would drop an image's allowed data: URL.
      else data.forceKeepAttr = true;
    } else if (data.attrName === 'style') {
      const kept = keepStyle(data.attrValue);
      if (kept === '') data.keepAttr = false;
      else data.attrValue = kept;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() === 'a' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

/** The HTML that may be shown for an operator's message. */
export function sanitizeRichText(html: string): string {
  return configured().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES, 'rel'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
