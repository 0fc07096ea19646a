import { channelNameOfPath, channelOf } from './channels.js';

describe('channelOf', () => {
  it('shares public and hashtag streams by name and parameter, and frames them with it', () => {
    expect(channelOf('hashtag', { tag: 'Tea' })).toMatchObject({ kind: 'HASHTAG', shared: true, key: 'hashtag\u0000Tea', variables: { tag: 'Tea' }, streamJson: '["hashtag","Tea"]' });
    expect(channelOf('public:local:media', {})).toMatchObject({ kind: 'PUBLIC', shared: true, variables: { local: true, onlyMedia: true }, streamJson: '["public:local:media"]' });
  });

  it('keeps user, list and direct streams per connection', () => {
    expect(channelOf('user', {}).shared).toBe(false);
    expect(channelOf('user:notification', {})).toMatchObject({ kind: 'USER_NOTIFICATION', variables: { notificationsOnly: true } });
    expect(channelOf('list', { list: '12' })).toMatchObject({ kind: 'LIST', shared: false, variables: { id: '12' }, streamJson: '["list","12"]' });
  });

  it("throws Mastodon's 400s for an unknown stream or a missing parameter", () => {
    expect(() => channelOf('everything', {})).toThrow('Unknown stream type');
    expect(() => channelOf(undefined, {})).toThrow('Unknown stream type');
    expect(() => channelOf('hashtag:local', { tag: '' })).toThrow('Missing tag name parameter');
    expect(() => channelOf('list', {})).toThrow('Missing list name parameter');
  });
});

describe('channelNameOfPath', () => {
  it('maps the SSE paths, with only_media choosing the :media variants', () => {
    expect(channelNameOfPath('/public/local', true)).toBe('public:local:media');
    expect(channelNameOfPath('/hashtag/local', true)).toBe('hashtag:local');
    expect(channelNameOfPath('/user/notification/', false)).toBe('user:notification');
    expect(channelNameOfPath('/nope', false)).toBeNull();
  });
});
