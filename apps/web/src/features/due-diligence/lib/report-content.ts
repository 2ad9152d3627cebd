import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'code', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const markdownLink = /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g;

/**
 * SPEC.md §5's report content pipeline: code fences and escaped newlines removed, markdown links
 * turned into external links, then sanitized again (the server already did) before display.
 */
export function prepareReportContent(raw: string): string {
  const cleaned = raw
    .replace(/```[a-z]*\n?/gi, '')
    .replace(/\\n/g, ' ')
    .replace(markdownLink, (_whole, text: string, href: string) => `<a href="${href.replace(/"/g, '%22')}">${text}</a>`);
  const container = DOMPurify.sanitize(cleaned, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    RETURN_DOM: true,
  }) as HTMLElement;
  // Every link opens outside FuelDesk without handing over the opener or the referrer.
  for (const link of container.querySelectorAll('a')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  return container.innerHTML;
}
