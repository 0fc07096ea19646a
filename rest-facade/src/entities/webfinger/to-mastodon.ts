// Mastodon's WebfingerSerializer (a JRD, RFC 7033) and its host-meta documents (RFC 6415).
import type { ResolveWebFingerQuery } from '../../gql/operations.js';

/** The account a resource names, as ResolveWebFinger selects it (username, profile page url, ActivityPub actor uri). */
type GqlWebFingerAccount = ResolveWebFingerQuery['webfingerAccount'];

export function webfingerToJrd(account: GqlWebFingerAccount, domain: string) {
  return {
    subject: `acct:${account.username}@${domain}`,
    aliases: [account.url, account.uri],
    links: [
      { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: account.url },
      { rel: 'self', type: 'application/activity+json', href: account.uri },
    ],
  };
}

/** Where WebFinger answers, as the template host-meta gives (`{uri}` is the resource). */
function webfingerTemplate(publicUrl: string): string {
  return `${publicUrl}/.well-known/webfinger?resource={uri}`;
}

/** host-meta as XRD; the template is escaped for an XML attribute. */
export function hostMetaXrd(publicUrl: string): string {
  const template = webfingerTemplate(publicUrl).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">',
    `  <Link rel="lrdd" template="${template}"/>`,
    '</XRD>',
    '',
  ].join('\n');
}

/** host-meta as JSON (host-meta.json). */
export function hostMetaJson(publicUrl: string) {
  return { links: [{ rel: 'lrdd', template: webfingerTemplate(publicUrl) }] };
}
