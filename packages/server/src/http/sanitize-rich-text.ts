import sanitizeHtml from 'sanitize-html';

/**
 * Spec 2 section 5: displayed rich text allows only links, text formatting,
 * headings, lists, tables, images and video; a fixed attribute and CSS
 * property list; link schemes http, https, data, file, ftp.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark', 'br', 'p', 'span', 'div', 'blockquote', 'code', 'pre', 'hr',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
    'img', 'video', 'source',
  ],
  allowedAttributes: { a: ['rel'], '*': ['align', 'color', 'controls', 'height', 'href', 'src', 'style', 'target', 'title', 'type', 'width'] },
  allowedStyles: {
    '*': {
      color: [/^[#a-z0-9(),.\s%]+$/i], 'background-color': [/^[#a-z0-9(),.\s%]+$/i], 'font-size': [/^[\d.]+(px|em|rem|%)$/],
      'text-align': [/^(left|right|center|justify)$/], 'text-decoration': [/^[a-z\s-]+$/], 'font-weight': [/^(normal|bold|\d{3})$/],
    },
  },
  allowedSchemes: ['http', 'https', 'data', 'file', 'ftp'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeRichText(html: string | null): string | null {
  return html === null ? null : sanitizeHtml(html, OPTIONS);
}
