// Golden files for the entity mappers' tests (each mapper's whole output is compared with a committed JSON file):
// the whole pretty-printed output is compared with golden/<case>.json beside
// the mapper. Goldens are rewritten only when UPDATE_GOLDEN=1 is set; review
// the change as a diff.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A JSON document as a golden file holds it: two-space indents, a final newline. */
function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Compares the pretty-printed value, text for text (so key order counts),
 * with `<dir>/golden/<name>.json`; with UPDATE_GOLDEN=1 writes the file first.
 */
export function expectGolden(dir: string, name: string, value: unknown): void {
  const file = join(dir, 'golden', `${name}.json`);
  const actual = prettyJson(value);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(join(dir, 'golden'), { recursive: true });
    writeFileSync(file, actual);
  }
  if (!existsSync(file)) throw new Error(`${file} does not exist: run the test with UPDATE_GOLDEN=1 and review it`);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}
