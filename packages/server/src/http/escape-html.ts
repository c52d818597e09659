/**
 * Plain text made safe to put inside HTML, as element text or as a double- or single-quoted
 * attribute value: the five characters that could end the text or the attribute become numeric
 * character references (&#38; &#60; &#62; &#34; &#39;). Every HTML the server writes from values
 * (the mails' HTML parts, the dev mailbox, the sandbox bank's page) goes through this one function.
 * It lives in http/ beside the rich-text sanitizer because pages as well as mail use it; it
 * sanitizes nothing: admin-written HTML goes through sanitizeRichText instead.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text as HTML paragraphs (a blank line between paragraphs, a line break kept as <br>), every piece escaped. */
export function textToHtmlParagraphs(text: string): string {
  return text.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
}
