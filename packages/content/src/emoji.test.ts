import { emojiShortcodes } from './emoji.js';

describe('emojiShortcodes', () => {
  it('finds each :shortcode: once, in order of first appearance, across texts', () => {
    expect(emojiShortcodes('hi :blobcat: and :party_parrot:', ':blobcat: again', null, ':ok:')).toEqual(['blobcat', 'party_parrot', 'ok']);
  });

  it('leaves out codes glued to letters, digits or colons, and one-letter codes', () => {
    expect(emojiShortcodes('a:blob: 1:blob: :blob:x ::blob:: :a: https://x.test:80/')).toEqual([]);
  });

  it('finds codes beside punctuation, line breaks and HTML', () => {
    expect(emojiShortcodes('(:one:)\n:two:, <p>:three:</p>')).toEqual(['one', 'two', 'three']);
  });

  it('answers nothing for a text without a colon', () => {
    expect(emojiShortcodes('plain text', '')).toEqual([]);
  });
});
