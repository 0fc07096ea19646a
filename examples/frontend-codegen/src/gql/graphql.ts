/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Kind of media file; unknown when the server could not read it. */
export type MediaType =
  /** An audio file (not processed here yet). */
  | 'AUDIO'
  /** A looping video without sound, as Mastodon makes of animated GIFs (not produced here yet). */
  | 'GIFV'
  /** A still or animated image (JPEG, PNG, GIF, WebP, HEIC, AVIF). */
  | 'IMAGE'
  /** A file kept as it was uploaded, with no preview. */
  | 'UNKNOWN'
  /** A video (not processed here yet). */
  | 'VIDEO';

/** What a notification is about. */
export type NotificationType =
  /** Someone filed a report (to moderators who handle reports; REST type admin.report). */
  | 'ADMIN_REPORT'
  /** Someone favourited your status. */
  | 'FAVOURITE'
  /** Someone followed you. */
  | 'FOLLOW'
  /** Someone asked to follow you (locked accounts; not recorded yet). */
  | 'FOLLOW_REQUEST'
  /** Someone mentioned you in a status. */
  | 'MENTION'
  /** A poll you voted in or created has ended. */
  | 'POLL'
  /** Someone boosted your status. */
  | 'REBLOG'
  /** Someone you enabled notifications for posted (not recorded yet). */
  | 'STATUS'
  /** A status you boosted was edited. */
  | 'UPDATE';

/** A poll to attach to a new status (poll[...] parameters). */
export type PollInput = {
  /** Seconds until voting ends: 300 to 2629746. */
  expiresIn?: number | null | undefined;
  /** Hide the per-answer counts until the poll ends. Default false. */
  hideTotals?: boolean | null | undefined;
  /** Allow several choices. Default false. */
  multiple?: boolean | null | undefined;
  /** 2 to 4 answers, 50 characters each, no duplicates. */
  options?: Array<string> | null | undefined;
};

/** A new status (POST /api/v1/statuses). */
export type PublishStatusInput = {
  /** The Idempotency-Key header. */
  idempotencyKey?: string | null | undefined;
  /** The status it replies to; it must be visible to the author. */
  inReplyToId?: string | number | null | undefined;
  /** ISO 639 code; a region suffix is dropped, an invalid code replaced by the default. */
  language?: string | null | undefined;
  /** The author's uploaded media to attach, in this order (at most 4). */
  mediaIds?: Array<string | number> | null | undefined;
  /** A poll; not with media_ids. */
  poll?: PollInput | null | undefined;
  /** Hide media by default; forced on by a spoiler text. */
  sensitive?: boolean | null | undefined;
  /** Content warning shown before the text. */
  spoilerText?: string | null | undefined;
  /** Text; optional with media or a content warning. */
  status?: string | null | undefined;
  /** Default: the author's default (public). */
  visibility?: StatusVisibility | null | undefined;
};

/** Who may see a status. */
export type StatusVisibility =
  /** Mentioned accounts only. */
  | 'DIRECT'
  /** Followers and mentioned accounts. */
  | 'PRIVATE'
  /** Everyone, in public timelines too. */
  | 'PUBLIC'
  /** Everyone, but not in public timelines. */
  | 'UNLISTED';

/** What kind of problem a UserError is; branch on it, never on the message. */
export type UserErrorCode =
  /** Well-formed but invalid input (blank, too long, too many, a limit reached). */
  | 'INVALID'
  /** Input that cannot be read at all (a malformed value, a missing part). */
  | 'MALFORMED'
  /** The caller may not do this to this target, whatever the input. */
  | 'NOT_ALLOWED'
  /** The target does not exist, was deleted, or is not visible to the caller. */
  | 'NOT_FOUND';

export type UploadImageMutationVariables = Exact<{
  file: File;
  description?: string | null | undefined;
}>;


export type UploadImageMutation = { uploadMedia: { mediaAttachment: { id: string, type: MediaType, url: string | null, previewUrl: string | null, description: string | null } | null, errors: Array<{ code: UserErrorCode, message: string, field: Array<string> | null }> } };

export type PublishStatusMutationVariables = Exact<{
  input: PublishStatusInput;
}>;


export type PublishStatusMutation = { publishStatus: { status: { nodeId: string, id: string, content: string, createdAt: unknown, visibility: StatusVisibility, mediaAttachments: Array<{ id: string, type: MediaType, url: string | null, previewUrl: string | null, description: string | null }> } | null, errors: Array<{ code: UserErrorCode, message: string, field: Array<string> | null }> } };

export type FavouriteMutationVariables = Exact<{
  statusId: string | number;
}>;


export type FavouriteMutation = { favouriteStatus: { status: { nodeId: string, id: string, favourited: boolean | null, favouritesCount: number } | null, errors: Array<{ code: UserErrorCode, message: string, field: Array<string> | null }> } };

export type HomeScreenQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type HomeScreenQuery = { viewer: { nodeId: string, id: string, acct: string, displayName: string, avatar: string }, me: { homeTimeline: { edges: Array<{ cursor: string, node: { nodeId: string, id: string, content: string, createdAt: unknown, favourited: boolean | null, favouritesCount: number, account: { nodeId: string, id: string, acct: string, displayName: string, avatar: string } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type NotificationsScreenQueryVariables = Exact<{
  maxId?: string | number | null | undefined;
}>;


export type NotificationsScreenQuery = { notificationGroups: { nextMaxId: string | null, groups: Array<{ groupKey: string, type: NotificationType, notificationsCount: number, sampleAccountIds: Array<string>, statusId: string | null, latestPageNotificationAt: unknown }>, accounts: Array<{ nodeId: string, id: string, acct: string, displayName: string, avatar: string }>, statuses: Array<{ nodeId: string, id: string, content: string }> } };

export type ProfileScreenQueryVariables = Exact<{
  id: string | number;
  after?: string | null | undefined;
}>;


export type ProfileScreenQuery = { account: { nodeId: string, id: string, acct: string, displayName: string, note: string, avatar: string, header: string, followersCount: number, followingCount: number, statusesCount: number, relationship: { following: boolean, followedBy: boolean, blocking: boolean, muting: boolean, requested: boolean } | null, statuses: { edges: Array<{ node: { nodeId: string, id: string, content: string, createdAt: unknown, favouritesCount: number, reblogsCount: number } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, followers: { edges: Array<{ node: { nodeId: string, id: string, acct: string, avatar: string } }> } } };

export type ThreadScreenQueryVariables = Exact<{
  id: string | number;
}>;


export type ThreadScreenQuery = { status: { nodeId: string, id: string, content: string, createdAt: unknown, favourited: boolean | null, favouritesCount: number, account: { nodeId: string, id: string, acct: string, displayName: string, avatar: string }, context: { ancestors: Array<{ nodeId: string, id: string, content: string, account: { acct: string, avatar: string } }>, descendants: Array<{ nodeId: string, id: string, content: string, inReplyToId: string | null, account: { acct: string, avatar: string } }> }, favouritedBy: { edges: Array<{ node: { nodeId: string, id: string, acct: string } }> } } };


export const UploadImageDocument = {"__meta__":{"hash":"sha256:cdd652048a1d831f8fc847cafa6f6d2bd0b5755f08f8dee194730aba4299903b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadImage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"description"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadMedia"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"description"},"value":{"kind":"Variable","name":{"kind":"Name","value":"description"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mediaAttachment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"field"}}]}}]}}]}}]} as unknown as DocumentNode<UploadImageMutation, UploadImageMutationVariables>;
export const PublishStatusDocument = {"__meta__":{"hash":"sha256:f0bd44c18dbbda7fb9550c6acc22bf3b35db9a6a6198b44cbe473765b089d3bb"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PublishStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PublishStatusInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"publishStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"mediaAttachments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"field"}}]}}]}}]}}]} as unknown as DocumentNode<PublishStatusMutation, PublishStatusMutationVariables>;
export const FavouriteDocument = {"__meta__":{"hash":"sha256:0131db60bb170153b2c1bb554a09f6e7c3395ed4b24f58aa310a26cb6536bc1c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Favourite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"statusId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"favouriteStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"statusId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"statusId"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"favourited"}},{"kind":"Field","name":{"kind":"Name","value":"favouritesCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"field"}}]}}]}}]}}]} as unknown as DocumentNode<FavouriteMutation, FavouriteMutationVariables>;
export const HomeScreenDocument = {"__meta__":{"hash":"sha256:719fcd51f55492c732c207959d9276d0244e5918567214742c853bf676bc506f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}}]}},{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"homeTimeline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"favourited"}},{"kind":"Field","name":{"kind":"Name","value":"favouritesCount"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<HomeScreenQuery, HomeScreenQueryVariables>;
export const NotificationsScreenDocument = {"__meta__":{"hash":"sha256:c2ac1586296fa9ccae147a94afce2256ba6f861430e41162fef78bb0835c1a3d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NotificationsScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"maxId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notificationGroups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}},{"kind":"Argument","name":{"kind":"Name","value":"maxId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"maxId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupKey"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"notificationsCount"}},{"kind":"Field","name":{"kind":"Name","value":"sampleAccountIds"}},{"kind":"Field","name":{"kind":"Name","value":"statusId"}},{"kind":"Field","name":{"kind":"Name","value":"latestPageNotificationAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"content"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextMaxId"}}]}}]}}]} as unknown as DocumentNode<NotificationsScreenQuery, NotificationsScreenQueryVariables>;
export const ProfileScreenDocument = {"__meta__":{"hash":"sha256:55f83c50bc5e4135f909dfbdad3d58af1d3dbf69e0c32320247417e7715fce1b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProfileScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"followersCount"}},{"kind":"Field","name":{"kind":"Name","value":"followingCount"}},{"kind":"Field","name":{"kind":"Name","value":"statusesCount"}},{"kind":"Field","name":{"kind":"Name","value":"relationship"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"following"}},{"kind":"Field","name":{"kind":"Name","value":"followedBy"}},{"kind":"Field","name":{"kind":"Name","value":"blocking"}},{"kind":"Field","name":{"kind":"Name","value":"muting"}},{"kind":"Field","name":{"kind":"Name","value":"requested"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"favouritesCount"}},{"kind":"Field","name":{"kind":"Name","value":"reblogsCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"followers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProfileScreenQuery, ProfileScreenQueryVariables>;
export const ThreadScreenDocument = {"__meta__":{"hash":"sha256:9498ee737435cedcda52ade83297d74ed2258c088d46dbc659d8db0a9ae482f3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ThreadScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"favourited"}},{"kind":"Field","name":{"kind":"Name","value":"favouritesCount"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}}]}},{"kind":"Field","name":{"kind":"Name","value":"context"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ancestors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"descendants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"inReplyToId"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acct"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"favouritedBy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"acct"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ThreadScreenQuery, ThreadScreenQueryVariables>;