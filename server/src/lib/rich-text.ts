/**
 * Rich text of editor fields (docs/design.md section 16, "One validator"): what a Quill
 * editor makes, and nothing that runs. Scripts, event attributes (`onerror=`), `javascript:`
 * links, iframes and styles other than colour and alignment are removed before the HTML is
 * stored; images only inline (`data:`) or from this site.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'ol',
    'ul',
    'li',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    // Quill 2 marks bullet and numbered items with data-list.
    li: ['data-list'],
    '*': ['class', 'style'],
  },
  allowedClasses: { '*': [/^ql-[\w-]+$/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Remote images would tell a third party who opened the order.
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** `html` with only harmless formatting left (sanitize-html with our allow-list). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
