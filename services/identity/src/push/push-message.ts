/** What Mastodon's push says (its notification_mailer subjects, in English), by notification type. */
const TITLES: Record<string, (name: string) => string> = {
  mention: (name) => `You were mentioned by ${name}`,
  status: (name) => `${name} just posted`,
  reblog: (name) => `${name} boosted your post`,
  follow: (name) => `${name} is now following you`,
  follow_request: (name) => `Pending follower: ${name}`,
  favourite: (name) => `${name} favorited your post`,
  poll: (name) => `A poll by ${name} has ended`,
  update: (name) => `${name} edited a post`,
  admin_sign_up: (name) => `${name} signed up`,
  admin_report: (name) => `${name} submitted a report`,
};

/** Mastodon's notification_type: the enum's names, but admin.sign_up and admin.report. */
export function mastodonType(type: string): string {
  return type.startsWith('admin_') ? `admin.${type.slice('admin_'.length)}` : type;
}

/** The body's length at most, as Mastodon truncates it (an ellipsis included). */
const BODY_LENGTH = 140;

/**
 * The decrypted body of a push: Mastodon's Web::NotificationSerializer
 * (docs/api/push.md#payload). `notification_id` is a number, as Mastodon
 * sends it and as iOS clients decode it.
 */
export interface PushMessage {
  access_token: string;
  preferred_locale: string;
  notification_id: number;
  notification_type: string;
  icon: string;
  title: string;
  body: string;
}

export function pushMessage(input: {
  accessToken: string;
  locale: string | null;
  notificationId: bigint;
  type: string;
  sender: { username: string; displayName: string; note: string; avatarStatic: string };
  status: { spoilerText: string | null; text: string | null };
}): PushMessage {
  const name = input.sender.displayName.trim() || input.sender.username;
  // The status's content warning, else its text, else (no status) the sender's bio: the plain text as typed
  // (Mastodon strips the tags of what it stores as HTML; the sources here are plain text already).
  const source = input.status.spoilerText || input.status.text || input.sender.note;
  return {
    access_token: input.accessToken,
    preferred_locale: input.locale || 'en',
    notification_id: Number(input.notificationId),
    notification_type: mastodonType(input.type),
    icon: input.sender.avatarStatic,
    title: (TITLES[input.type] ?? ((sender: string) => sender))(name),
    body: truncate(source, BODY_LENGTH),
  };
}

/** Rails' truncate: at most `length` characters, the last three "..." when cut. */
function truncate(text: string, length: number): string {
  const characters = [...text];
  return characters.length <= length ? text : `${characters.slice(0, length - 3).join('')}...`;
}
