/**
 * Rich-text descriptions (Plan.Description is HTML) shown as plain text until
 * the spec's sanitizer lands. In the browser an inert DOMParser document reads
 * the text (no script runs, entities decode); elsewhere a regex fallback.
 * React escapes the result, so nothing here is ever inserted as HTML.
 */
export function htmlToPlainText(html: string): string {
  if (typeof DOMParser !== 'undefined') {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('script, style, template, noscript').forEach((el) => el.remove());
    return squash(doc.body.textContent ?? '');
  }
  return squash(
    html
      .replace(/<(script|style|template|noscript)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
