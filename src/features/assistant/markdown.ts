// Bot messages are Markdown (marked), and the HTML it makes is sanitized with DOMPurify before display (spec 000
// §5): no script, no event handlers, no javascript: links; links open in a new tab without access to this one.
import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Safe HTML for a bot message's Markdown. */
export function renderMarkdown(text: string): string {
  // DOMPurify returns its input untouched where it cannot run: then no HTML at all, only the text.
  if (!DOMPurify.isSupported) return `<p>${escapeHtml(text)}</p>`;
  hookLinks();
  const html = marked.parse(text, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
