// Property-based: whatever text a client sends, the rendered HTML holds only the markup
// Mastodon's formatter writes (p, br, a, span with its own attributes), links only http(s)
// and this server's URLs, and reads back as the text that was sent.
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { plainTextToHtml } from './format.js';

const ALLOWED = new Map([
  ['p', new Set<string>()],
  ['br', new Set<string>()],
  ['span', new Set(['class', 'translate'])],
  ['a', new Set(['href', 'class', 'rel', 'target', 'translate'])],
]);

interface Rendered {
  elements: Array<{ name: string; attributes: Record<string, string> }>;
  text: string;
}

function parse(html: string): Rendered {
  const rendered: Rendered = { elements: [], text: '' };
  const parser = new Parser(
    {
      onopentag: (name, attributes) => rendered.elements.push({ name, attributes }),
      ontext: (text) => {
        rendered.text += text;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return rendered;
}

/** Text with the characters that matter to HTML and to the entity extractor, mixed with anything. */
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom('<', '>', '&', '"', "'", '<script>', '</p>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', ' ', '\n', '\n\n', '#tag', '@alice', '@bob@example.com', 'https://example.com/a?b=<c>&d="e"', 'http://x.y/"onmouseover="alert(1)', '&amp;', '&#x3C;'),
        fc.string({ maxLength: 8 }),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
);

describe('plainTextToHtml on any input', () => {
  const options = { baseUrl: 'https://social.example', localDomain: 'social.example', mentions: [{ username: 'alice', domain: null, url: 'https://social.example/@alice' }] };

  it('writes only the allowed elements and attributes, and no script-capable link', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        for (const element of parse(plainTextToHtml(text, options)).elements) {
          const allowed = ALLOWED.get(element.name);
          if (!allowed) return false;
          for (const [name, value] of Object.entries(element.attributes)) {
            if (!allowed.has(name)) return false;
            if (name === 'href' && !/^https?:\/\//i.test(value)) return false;
          }
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every character of the text, line breaks aside', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        // Paragraphs and <br> stand for the newlines; links show their URL in visible and hidden parts.
        const flattened = (value: string) => value.replace(/\r\n?/g, '\n').replace(/\s+/g, '');
        return flattened(parse(plainTextToHtml(text, options)).text) === flattened(text);
      }),
      { numRuns: 2000 },
    );
  });
});
