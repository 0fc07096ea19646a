import { parse } from 'graphql';
import { oversizedString } from './string-limit';

const document = parse('mutation ($input: PublishStatusInput!) { publishStatus(input: $input) { id } }');

describe('oversizedString', () => {
  it('finds a variable over the limit, with its path', () => {
    expect(oversizedString(document, { input: { status: 'ok', poll: { options: ['a', 'x'.repeat(11)] } } }, 10)).toBe('input.poll.options.1');
  });

  it('passes strings at the limit', () => {
    expect(oversizedString(document, { input: { status: 'x'.repeat(10) } }, 10)).toBeNull();
  });

  it('finds a literal argument over the limit, however deep in an input object', () => {
    const literal = parse(`mutation { createList(input: { title: "${'t'.repeat(11)}" }) { id } }`);
    expect(oversizedString(literal, undefined, 10)).toBe('input.title');
  });

  it('walks variables nested deeper than the call stack, in linear time', () => {
    let deep: unknown = 'x'.repeat(11);
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const started = Date.now();
    expect(oversizedString(document, { input: deep as Record<string, unknown> }, 10)?.split('.').length).toBe(200_001);
    // Linear: milliseconds; copying the path at every level took minutes.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('passes an operation without strings', () => {
    expect(oversizedString(parse('query { instance { title } }'), {}, 10)).toBeNull();
  });
});
