import { mastodonType, pushMessage } from './push-message';

const SENDER = { username: 'bob', displayName: 'Bob B.', note: 'I write <b>things</b> & more', avatarStatic: 'https://social.example/system/a.png' };

describe('pushMessage', () => {
  it("is Mastodon's Web::NotificationSerializer: a numeric id, the title of the type, the status's text as body", () => {
    expect(pushMessage({ accessToken: 'tok', locale: 'de', notificationId: 42n, type: 'favourite', sender: SENDER, status: { spoilerText: '', text: 'Hello there' } })).toEqual({
      access_token: 'tok',
      preferred_locale: 'de',
      notification_id: 42,
      notification_type: 'favourite',
      icon: 'https://social.example/system/a.png',
      title: 'Bob B. favorited your post',
      body: 'Hello there',
    });
  });

  it('shows the content warning rather than the text, and the username when there is no display name', () => {
    const message = pushMessage({ accessToken: '', locale: null, notificationId: 1n, type: 'mention', sender: { ...SENDER, displayName: '  ' }, status: { spoilerText: 'spoilers', text: 'the plot' } });
    expect(message).toMatchObject({ preferred_locale: 'en', title: 'You were mentioned by bob', body: 'spoilers' });
  });

  it("uses the sender's bio as the body when there is no status, as plain text", () => {
    const message = pushMessage({ accessToken: '', locale: null, notificationId: 1n, type: 'follow', sender: SENDER, status: { spoilerText: null, text: null } });
    expect(message).toMatchObject({ title: 'Bob B. is now following you', body: 'I write <b>things</b> & more' });
  });

  it('truncates the body to 140 characters, an ellipsis included, counting characters rather than UTF-16 units', () => {
    const text = '🐘'.repeat(200);
    const body = pushMessage({ accessToken: '', locale: null, notificationId: 1n, type: 'status', sender: SENDER, status: { spoilerText: '', text } }).body;
    expect([...body]).toHaveLength(140);
    expect(body.endsWith('🐘...')).toBe(true);
  });

  it.each([
    ['reblog', 'Bob B. boosted your post'],
    ['follow_request', 'Pending follower: Bob B.'],
    ['poll', 'A poll by Bob B. has ended'],
    ['update', 'Bob B. edited a post'],
    ['status', 'Bob B. just posted'],
    ['admin_report', 'Bob B. submitted a report'],
  ])('titles a %s notification "%s"', (type, title) => {
    expect(pushMessage({ accessToken: '', locale: null, notificationId: 1n, type, sender: SENDER, status: { spoilerText: null, text: null } }).title).toBe(title);
  });

  it("names the admin types as Mastodon does", () => {
    expect(mastodonType('admin_report')).toBe('admin.report');
    expect(mastodonType('admin_sign_up')).toBe('admin.sign_up');
    expect(mastodonType('follow_request')).toBe('follow_request');
  });
});
