const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** ERB's h(): escapes & < > " and ' (as &#39;). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Rails' simple_format over already-escaped HTML: two or more newlines split
 * paragraphs, one newline becomes <br />.
 */
export function simpleFormat(html: string): string {
  const normalized = html.replace(/\r\n?/g, '\n');
  if (!normalized.trim()) return '';
  return normalized
    .split(/\n\n+/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br />')}</p>`)
    .join('');
}
