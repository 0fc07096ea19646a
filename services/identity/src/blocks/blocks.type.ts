import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MutationPayload } from '@social/federation';

/** How hard a domain block bites, Mastodon's DomainBlock severities. */
export enum DomainBlockSeverity {
  SILENCE = 'silence',
  SUSPEND = 'suspend',
  NOOP = 'noop',
}

registerEnumType(DomainBlockSeverity, {
  name: 'DomainBlockSeverity',
  description: "How hard a domain block bites (docs/api/moderation.md#domain-blocks).",
  valuesConfig: {
    SILENCE: { description: "The server's accounts are limited: hidden from public timelines and trends." },
    SUSPEND: { description: "The server's accounts, statuses and media are refused and removed." },
    NOOP: { description: 'Nothing but the reject_media and reject_reports flags.' },
  },
});

/** What an IP block refuses, Mastodon's IpBlock severities. */
export enum IpBlockSeverity {
  SIGN_UP_REQUIRES_APPROVAL = 'sign_up_requires_approval',
  SIGN_UP_BLOCK = 'sign_up_block',
  NO_ACCESS = 'no_access',
}

registerEnumType(IpBlockSeverity, {
  name: 'IpBlockSeverity',
  description: 'What an IP block refuses (docs/api/moderation.md#ip-blocks).',
  valuesConfig: {
    SIGN_UP_REQUIRES_APPROVAL: { description: 'Sign-ups from the range wait for a moderator\'s approval.' },
    SIGN_UP_BLOCK: { description: 'Sign-ups from the range are refused.' },
    NO_ACCESS: { description: 'Every request from the range is refused (403).' },
  },
});

@ArgsType()
export class BlockPageArgs {
  @Field(() => ID, { nullable: true, description: 'Only entries older than this id (the next page).' })
  maxId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only entries newer than this id, newest first.' })
  sinceId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only entries newer than this id, the ones right after it (the previous page).' })
  minId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Entries per page: default 100, at most 200.' })
  limit?: number | null;
}

@ObjectType({ description: 'A server the moderators limit or suspend (Mastodon\'s Admin::DomainBlock).' })
export class AdminDomainBlock {
  @Field(() => ID, { description: 'The block.' })
  id!: string;

  @Field({ description: 'The domain blocked, lower-cased and in punycode; its subdomains are blocked too.' })
  domain!: string;

  @Field({ description: 'SHA-256 (hex) of the domain.' })
  digest!: string;

  @Field(() => DomainBlockSeverity, { description: 'How hard the block bites.' })
  severity!: DomainBlockSeverity;

  @Field({ description: "Whether the server's media files are refused." })
  rejectMedia!: boolean;

  @Field({ description: "Whether reports from the server are ignored." })
  rejectReports!: boolean;

  @Field(() => String, { nullable: true, description: 'A note for the moderators.' })
  privateComment!: string | null;

  @Field(() => String, { nullable: true, description: 'The reason shown with the public list, when the setting shows it.' })
  publicComment!: string | null;

  @Field({ description: 'Whether the public list stars out part of the domain.' })
  obfuscate!: boolean;

  @Field(() => Date, { description: 'When the block was made.' })
  createdAt!: Date;
}

@ObjectType({ description: 'A blocked server as the public list shows it (Mastodon\'s DomainBlock entity, GET /api/v1/instance/domain_blocks).' })
export class InstanceDomainBlock {
  @Field({ description: 'The domain, with part of it starred out when the block says so.' })
  domain!: string;

  @Field({ description: 'SHA-256 (hex) of the real domain.' })
  digest!: string;

  @Field(() => DomainBlockSeverity, { description: 'How hard the block bites.' })
  severity!: DomainBlockSeverity;

  @Field(() => String, { nullable: true, description: 'The public comment; null when the setting hides comments from this caller, or there is none.' })
  comment!: string | null;
}

@ObjectType({ description: 'A server allowed to federate in limited-federation mode (Mastodon\'s Admin::DomainAllow).' })
export class AdminDomainAllow {
  @Field(() => ID, { description: 'The allow.' })
  id!: string;

  @Field({ description: 'The domain allowed.' })
  domain!: string;

  @Field(() => Date, { description: 'When it was allowed.' })
  createdAt!: Date;
}

@ObjectType({ description: 'Sign-ups an e-mail domain block refused on one day.' })
export class EmailDomainBlockHistory {
  @Field(() => Date, { description: 'The day (midnight UTC).' })
  day!: Date;

  @Field(() => Int, { description: 'Sign-ups refused that day.' })
  uses!: number;

  @Field(() => Int, { description: 'Distinct client addresses they came from.' })
  accounts!: number;
}

@ObjectType({ description: 'An e-mail domain sign-ups may not use, its subdomains included (Mastodon\'s Admin::EmailDomainBlock).' })
export class AdminEmailDomainBlock {
  @Field(() => ID, { description: 'The block.' })
  id!: string;

  @Field({ description: 'The domain blocked, lower-cased and in punycode.' })
  domain!: string;

  @Field(() => Date, { description: 'When the block was made.' })
  createdAt!: Date;

  @Field(() => [EmailDomainBlockHistory], { description: 'The last 7 days, newest first: sign-ups the block refused.' })
  history!: EmailDomainBlockHistory[];
}

@ObjectType({ description: 'An address range refused sign-ups or every request (Mastodon\'s Admin::IpBlock).' })
export class AdminIpBlock {
  @Field(() => ID, { description: 'The block.' })
  id!: string;

  @Field({ description: 'The range in CIDR notation: 192.0.2.0/24, 2001:db8::/32, 192.0.2.7/32.' })
  ip!: string;

  @Field(() => IpBlockSeverity, { description: 'What it refuses.' })
  severity!: IpBlockSeverity;

  @Field({ description: 'A note for the moderators.' })
  comment!: string;

  @Field(() => Date, { description: 'When the block was made.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it stops applying; null: never.' })
  expiresAt!: Date | null;
}

@ObjectType({ description: 'A canonicalised e-mail address that may not sign up (Mastodon\'s Admin::CanonicalEmailBlock).' })
export class AdminCanonicalEmailBlock {
  @Field(() => ID, { description: 'The block.' })
  id!: string;

  @Field({ description: 'SHA-256 (hex) of the canonical address: lower-cased, dots and a +suffix removed from the local part.' })
  canonicalEmailHash!: string;
}

function pageOf<T>(item: new () => T, name: string, what: string) {
  @ObjectType(`${name}Page`, { description: `A page of ${what}, newest first, with the cursors of its ends (their ids).` })
  class Page {
    @Field(() => [item], { description: `The ${what}, newest first.` })
    items!: T[];

    @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
    nextMaxId!: string | null;

    @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId (or sinceId) for the previous page. Null when empty.' })
    prevMinId!: string | null;
  }
  return Page;
}

export const AdminDomainBlockPage = pageOf(AdminDomainBlock, 'AdminDomainBlock', 'domain blocks');
export const AdminDomainAllowPage = pageOf(AdminDomainAllow, 'AdminDomainAllow', 'domain allows');
export const AdminEmailDomainBlockPage = pageOf(AdminEmailDomainBlock, 'AdminEmailDomainBlock', 'e-mail domain blocks');
export const AdminIpBlockPage = pageOf(AdminIpBlock, 'AdminIpBlock', 'IP blocks');
export const AdminCanonicalEmailBlockPage = pageOf(AdminCanonicalEmailBlock, 'AdminCanonicalEmailBlock', 'canonical e-mail blocks');

export interface Page<T> {
  items: T[];
  nextMaxId: string | null;
  prevMinId: string | null;
}

// ---------------------------------------------------------------- inputs and payloads

@InputType({ description: 'A new domain block (POST /api/v1/admin/domain_blocks).' })
export class CreateDomainBlockInput {
  @Field({ description: 'The domain to block; its subdomains are blocked with it.' })
  domain!: string;

  @Field(() => String, { nullable: true, description: 'silence (the default), suspend or noop, in any case; another word is INVALID.' })
  severity?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Refuse the server\'s media files (default false).' })
  rejectMedia?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Ignore reports from the server (default false).' })
  rejectReports?: boolean | null;

  @Field(() => String, { nullable: true, description: 'A note for the moderators.' })
  privateComment?: string | null;

  @Field(() => String, { nullable: true, description: 'The reason shown with the public list.' })
  publicComment?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Star out part of the domain in the public list (default false).' })
  obfuscate?: boolean | null;
}

@InputType({ description: 'What changes in a domain block (PUT /api/v1/admin/domain_blocks/:id); an absent field keeps its value.' })
export class UpdateDomainBlockInput {
  @Field(() => ID, { description: 'The block.' })
  domainBlockId!: string;

  @Field(() => String, { nullable: true, description: 'The new severity: silence, suspend or noop, in any case.' })
  severity?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Refuse the server\'s media files.' })
  rejectMedia?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Ignore reports from the server.' })
  rejectReports?: boolean | null;

  @Field(() => String, { nullable: true, description: 'A note for the moderators.' })
  privateComment?: string | null;

  @Field(() => String, { nullable: true, description: 'The reason shown with the public list.' })
  publicComment?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Star out part of the domain in the public list.' })
  obfuscate?: boolean | null;
}

@ObjectType({ description: 'What createDomainBlock answers.' })
export class CreateDomainBlockPayload extends MutationPayload {
  @Field(() => AdminDomainBlock, { nullable: true, description: 'The block made; null when there are errors.' })
  domainBlock!: AdminDomainBlock | null;

  @Field(() => AdminDomainBlock, {
    nullable: true,
    description: 'The block of this domain, or of a domain above it, that is already as strict (then errors says so and nothing was made).',
  })
  existingDomainBlock!: AdminDomainBlock | null;
}

@ObjectType({ description: 'What updateDomainBlock answers.' })
export class UpdateDomainBlockPayload extends MutationPayload {
  @Field(() => AdminDomainBlock, { nullable: true, description: 'The block after the change; null when there are errors.' })
  domainBlock!: AdminDomainBlock | null;
}

function deleteTypes<Key extends string>(name: string, inputField: Key, idField: string, what: string) {
  @InputType(`${name}Input`, { description: `The ${what} to remove.` })
  class Input {
    @Field(() => ID, { description: `The ${what}.` })
    [inputField]!: string;
  }
  @ObjectType(`${name}Payload`, { description: `What ${name.charAt(0).toLowerCase()}${name.slice(1)} answers.` })
  class Payload extends MutationPayload {
    @Field(() => ID, { nullable: true, description: `The id of the ${what} removed; null when there are errors.` })
    [idField]!: string | null;
  }
  return { Input, Payload, inputField };
}

export const DeleteDomainBlock = deleteTypes('DeleteDomainBlock', 'domainBlockId', 'deletedDomainBlockId', 'domain block');
export const DeleteDomainAllow = deleteTypes('DeleteDomainAllow', 'domainAllowId', 'deletedDomainAllowId', 'domain allow');
export const DeleteEmailDomainBlock = deleteTypes('DeleteEmailDomainBlock', 'emailDomainBlockId', 'deletedEmailDomainBlockId', 'e-mail domain block');
export const DeleteIpBlock = deleteTypes('DeleteIpBlock', 'ipBlockId', 'deletedIpBlockId', 'IP block');
export const DeleteCanonicalEmailBlock = deleteTypes('DeleteCanonicalEmailBlock', 'canonicalEmailBlockId', 'deletedCanonicalEmailBlockId', 'canonical e-mail block');

/** A delete's input: the id under the input field its type names. */
export type DeleteInput = Record<string, string>;

@InputType({ description: 'A server to allow (POST /api/v1/admin/domain_allows).' })
export class CreateDomainAllowInput {
  @Field({ description: 'The domain.' })
  domain!: string;
}

@ObjectType({ description: 'What createDomainAllow answers.' })
export class CreateDomainAllowPayload extends MutationPayload {
  @Field(() => AdminDomainAllow, { nullable: true, description: 'The allow (the existing one when the domain was allowed already); null when there are errors.' })
  domainAllow!: AdminDomainAllow | null;
}

@InputType({ description: 'An e-mail domain to block (POST /api/v1/admin/email_domain_blocks).' })
export class CreateEmailDomainBlockInput {
  @Field({ description: 'The domain; its subdomains are blocked with it.' })
  domain!: string;
}

@ObjectType({ description: 'What createEmailDomainBlock answers.' })
export class CreateEmailDomainBlockPayload extends MutationPayload {
  @Field(() => AdminEmailDomainBlock, { nullable: true, description: 'The block made; null when there are errors.' })
  emailDomainBlock!: AdminEmailDomainBlock | null;
}

@InputType({ description: 'A new IP block (POST /api/v1/admin/ip_blocks).' })
export class CreateIpBlockInput {
  @Field({ description: 'An address or a range in CIDR notation (192.0.2.0/24, 2001:db8::/32).' })
  ip!: string;

  @Field(() => String, { nullable: true, description: 'What it refuses: sign_up_requires_approval, sign_up_block or no_access, in any case; required.' })
  severity?: string | null;

  @Field(() => String, { nullable: true, description: 'A note for the moderators.' })
  comment?: string | null;

  @Field(() => Int, { nullable: true, description: 'Seconds until it stops applying; absent or null: never.' })
  expiresIn?: number | null;
}

@InputType({ description: 'What changes in an IP block (PUT /api/v1/admin/ip_blocks/:id); an absent field keeps its value.' })
export class UpdateIpBlockInput {
  @Field(() => ID, { description: 'The block.' })
  ipBlockId!: string;

  @Field(() => String, { nullable: true, description: 'The new address or range.' })
  ip?: string | null;

  @Field(() => String, { nullable: true, description: 'The new severity: sign_up_requires_approval, sign_up_block or no_access, in any case.' })
  severity?: string | null;

  @Field(() => String, { nullable: true, description: 'The new note.' })
  comment?: string | null;

  @Field(() => Int, { nullable: true, description: 'Seconds from now until it stops applying; absent keeps the expiry, null or 0 never expires.' })
  expiresIn?: number | null;
}

@ObjectType({ description: 'What createIpBlock answers.' })
export class CreateIpBlockPayload extends MutationPayload {
  @Field(() => AdminIpBlock, { nullable: true, description: 'The block made; null when there are errors.' })
  ipBlock!: AdminIpBlock | null;
}

@ObjectType({ description: 'What updateIpBlock answers.' })
export class UpdateIpBlockPayload extends MutationPayload {
  @Field(() => AdminIpBlock, { nullable: true, description: 'The block after the change; null when there are errors.' })
  ipBlock!: AdminIpBlock | null;
}

@InputType({ description: 'An address to block from signing up again (POST /api/v1/admin/canonical_email_blocks): the e-mail or the hash.' })
export class CreateCanonicalEmailBlockInput {
  @Field(() => String, { nullable: true, description: 'The address; its canonical form\'s hash is kept, never the address.' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'The SHA-256 (hex) of a canonical address, when the address itself is not at hand.' })
  canonicalEmailHash?: string | null;
}

@ObjectType({ description: 'What createCanonicalEmailBlock answers.' })
export class CreateCanonicalEmailBlockPayload extends MutationPayload {
  @Field(() => AdminCanonicalEmailBlock, { nullable: true, description: 'The block made; null when there are errors.' })
  canonicalEmailBlock!: AdminCanonicalEmailBlock | null;
}
