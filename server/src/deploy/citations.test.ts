// The repository stands on its own: comments, tests and documents cite docs/
// (or state the rule), never documents that live outside the repository, and
// every docs/...md link they give points at a file (and heading) that exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** The file kinds that hold comments, test titles and documents. */
const SCANNED = /\.(ts|js|mjs|cjs|md|json|graphql|yml|yaml)$/;
const SKIPPED = /(^|\/)(node_modules|dist)\//;

/**
 * Citations of documents outside the repository: the reference notes and the
 * specification a clone does not have (by file name, as a bare name or under
 * a shared/ folder), and the specification's numbered parts.
 */
const OUTSIDE: readonly RegExp[] = [
  /(^|[^\w/-])(mastodon|mastodon-more|clients|client-endpoints|platform|social-api|style)\.md\b/,
  /\.\.\/shared\b/,
  /\bshared\/(spec|reference)\//,
  /\b[Ss]pec (part )?\d/,
  /\b[Ss]pec §/,
  /\b[Tt]he spec('s)?\b/,
];

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && SCANNED.test(file) && !SKIPPED.test(file) && existsSync(path.join(ROOT, file)));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code blocks). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

export function outsideCitations(text: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  text.split('\n').forEach((line, index) => {
    if (OUTSIDE.some((pattern) => pattern.test(line))) found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

/** `docs/....md` or `docs/....md#anchor` as comments and documents cite them. */
const DOCS_LINK = /(?<![\w/.-])docs\/[\w-][\w./-]*?\.md(#[\w-]+)?/g;
/** Relative Markdown links of a document: `[text](target.md#anchor)`. */
const MARKDOWN_LINK = /\]\(([^)\s]+?\.md)(#[\w-]+)?\)/g;

describe('citations', () => {
  const files = trackedFiles();
  const markdownCache = new Map<string, Set<string>>();
  function brokenLink(target: string, anchor: string | undefined): string | null {
    if (!existsSync(path.join(ROOT, target))) return 'no such file';
    if (!anchor) return null;
    let anchors = markdownCache.get(target);
    if (!anchors) {
      anchors = anchorsOf(readFileSync(path.join(ROOT, target), 'utf8'));
      markdownCache.set(target, anchors);
    }
    return anchors.has(anchor.slice(1)) ? null : `no heading ${anchor}`;
  }

  it('recognises the citations it guards against, and leaves docs/ links alone', () => {
    const outside = ['// see mastodon' + '.md 4.2', '// Spec' + ' 4.1, 5', '// ..' + '/shared/x', 'as the sp' + "ec's table", '(clients' + '.md)'];
    for (const line of outside) expect(outsideCitations(line)).toHaveLength(1);
    expect(outsideCitations('// docs/api/client-compatibility.md#streaming; docs/api/oauth.md#scopes; the OpenAPI document')).toEqual([]);
    expect(anchorOf('Pin and mute')).toBe('pin-and-mute');
    expect(anchorOf('`api_versions`')).toBe('api_versions');
    expect(anchorsOf('# A\n```\n# not\n```\n## Sign-in\n')).toEqual(new Set(['a', 'sign-in']));
  });

  it('no tracked file cites a document outside the repository', () => {
    const found: string[] = [];
    for (const file of files) {
      for (const hit of outsideCitations(readFileSync(path.join(ROOT, file), 'utf8'))) {
        found.push(`${file}:${hit.line}: ${hit.text}`);
      }
    }
    expect(found).toEqual([]);
  });


  it('every docs/...md link in a tracked file names an existing file and heading', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const match of text.matchAll(DOCS_LINK)) {
        const target = match[0].replace(/#.*$/, '').replace(/\.$/, '');
        const problem = brokenLink(target, match[1]);
        if (problem) broken.push(`${file}: ${match[0]} (${problem})`);
      }
      if (!file.endsWith('.md')) continue;
      for (const match of text.matchAll(MARKDOWN_LINK)) {
        if (/^[a-z]+:/.test(match[1])) continue;
        const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), match[1]));
        const problem = brokenLink(target, match[2]);
        if (problem) broken.push(`${file}: ${match[1]}${match[2] ?? ''} (${problem})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
