/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation UploadImage($file: Upload!, $description: String) {\n    uploadMedia(input: { file: $file, description: $description }) {\n      mediaAttachment { id type url previewUrl description }\n      errors { code message field }\n    }\n  }\n": typeof types.UploadImageDocument,
    "\n  mutation PublishStatus($input: PublishStatusInput!) {\n    publishStatus(input: $input) {\n      status { nodeId id content createdAt visibility mediaAttachments { id type url previewUrl description } }\n      errors { code message field }\n    }\n  }\n": typeof types.PublishStatusDocument,
    "\n  mutation Favourite($statusId: ID!) {\n    favouriteStatus(input: { statusId: $statusId }) {\n      status { nodeId id favourited favouritesCount }\n      errors { code message field }\n    }\n  }\n": typeof types.FavouriteDocument,
    "\n  query HomeScreen($first: Int, $after: String) {\n    viewer { nodeId id acct displayName avatar }\n    me {\n      homeTimeline(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            nodeId id content createdAt favourited favouritesCount\n            account { nodeId id acct displayName avatar }\n          }\n        }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n": typeof types.HomeScreenDocument,
    "\n  query NotificationsScreen($maxId: ID) {\n    notificationGroups(limit: 20, maxId: $maxId) {\n      groups { groupKey type notificationsCount sampleAccountIds statusId latestPageNotificationAt }\n      accounts { nodeId id acct displayName avatar }\n      statuses { nodeId id content }\n      nextMaxId\n    }\n  }\n": typeof types.NotificationsScreenDocument,
    "\n  query ProfileScreen($id: ID!, $after: String) {\n    account(id: $id) {\n      nodeId id acct displayName note avatar header followersCount followingCount statusesCount\n      relationship { following followedBy blocking muting requested }\n      statuses(first: 20, after: $after) {\n        edges { node { nodeId id content createdAt favouritesCount reblogsCount } }\n        pageInfo { hasNextPage endCursor }\n      }\n      followers(first: 5) { edges { node { nodeId id acct avatar } } }\n    }\n  }\n": typeof types.ProfileScreenDocument,
    "\n  query ThreadScreen($id: ID!) {\n    status(id: $id) {\n      nodeId id content createdAt favourited favouritesCount\n      account { nodeId id acct displayName avatar }\n      context {\n        ancestors { nodeId id content account { acct avatar } }\n        descendants { nodeId id content inReplyToId account { acct avatar } }\n      }\n      favouritedBy(first: 10) { edges { node { nodeId id acct } } }\n    }\n  }\n": typeof types.ThreadScreenDocument,
};
const documents: Documents = {
    "\n  mutation UploadImage($file: Upload!, $description: String) {\n    uploadMedia(input: { file: $file, description: $description }) {\n      mediaAttachment { id type url previewUrl description }\n      errors { code message field }\n    }\n  }\n": types.UploadImageDocument,
    "\n  mutation PublishStatus($input: PublishStatusInput!) {\n    publishStatus(input: $input) {\n      status { nodeId id content createdAt visibility mediaAttachments { id type url previewUrl description } }\n      errors { code message field }\n    }\n  }\n": types.PublishStatusDocument,
    "\n  mutation Favourite($statusId: ID!) {\n    favouriteStatus(input: { statusId: $statusId }) {\n      status { nodeId id favourited favouritesCount }\n      errors { code message field }\n    }\n  }\n": types.FavouriteDocument,
    "\n  query HomeScreen($first: Int, $after: String) {\n    viewer { nodeId id acct displayName avatar }\n    me {\n      homeTimeline(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            nodeId id content createdAt favourited favouritesCount\n            account { nodeId id acct displayName avatar }\n          }\n        }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n": types.HomeScreenDocument,
    "\n  query NotificationsScreen($maxId: ID) {\n    notificationGroups(limit: 20, maxId: $maxId) {\n      groups { groupKey type notificationsCount sampleAccountIds statusId latestPageNotificationAt }\n      accounts { nodeId id acct displayName avatar }\n      statuses { nodeId id content }\n      nextMaxId\n    }\n  }\n": types.NotificationsScreenDocument,
    "\n  query ProfileScreen($id: ID!, $after: String) {\n    account(id: $id) {\n      nodeId id acct displayName note avatar header followersCount followingCount statusesCount\n      relationship { following followedBy blocking muting requested }\n      statuses(first: 20, after: $after) {\n        edges { node { nodeId id content createdAt favouritesCount reblogsCount } }\n        pageInfo { hasNextPage endCursor }\n      }\n      followers(first: 5) { edges { node { nodeId id acct avatar } } }\n    }\n  }\n": types.ProfileScreenDocument,
    "\n  query ThreadScreen($id: ID!) {\n    status(id: $id) {\n      nodeId id content createdAt favourited favouritesCount\n      account { nodeId id acct displayName avatar }\n      context {\n        ancestors { nodeId id content account { acct avatar } }\n        descendants { nodeId id content inReplyToId account { acct avatar } }\n      }\n      favouritedBy(first: 10) { edges { node { nodeId id acct } } }\n    }\n  }\n": types.ThreadScreenDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadImage($file: Upload!, $description: String) {\n    uploadMedia(input: { file: $file, description: $description }) {\n      mediaAttachment { id type url previewUrl description }\n      errors { code message field }\n    }\n  }\n"): (typeof documents)["\n  mutation UploadImage($file: Upload!, $description: String) {\n    uploadMedia(input: { file: $file, description: $description }) {\n      mediaAttachment { id type url previewUrl description }\n      errors { code message field }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishStatus($input: PublishStatusInput!) {\n    publishStatus(input: $input) {\n      status { nodeId id content createdAt visibility mediaAttachments { id type url previewUrl description } }\n      errors { code message field }\n    }\n  }\n"): (typeof documents)["\n  mutation PublishStatus($input: PublishStatusInput!) {\n    publishStatus(input: $input) {\n      status { nodeId id content createdAt visibility mediaAttachments { id type url previewUrl description } }\n      errors { code message field }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Favourite($statusId: ID!) {\n    favouriteStatus(input: { statusId: $statusId }) {\n      status { nodeId id favourited favouritesCount }\n      errors { code message field }\n    }\n  }\n"): (typeof documents)["\n  mutation Favourite($statusId: ID!) {\n    favouriteStatus(input: { statusId: $statusId }) {\n      status { nodeId id favourited favouritesCount }\n      errors { code message field }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeScreen($first: Int, $after: String) {\n    viewer { nodeId id acct displayName avatar }\n    me {\n      homeTimeline(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            nodeId id content createdAt favourited favouritesCount\n            account { nodeId id acct displayName avatar }\n          }\n        }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeScreen($first: Int, $after: String) {\n    viewer { nodeId id acct displayName avatar }\n    me {\n      homeTimeline(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            nodeId id content createdAt favourited favouritesCount\n            account { nodeId id acct displayName avatar }\n          }\n        }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationsScreen($maxId: ID) {\n    notificationGroups(limit: 20, maxId: $maxId) {\n      groups { groupKey type notificationsCount sampleAccountIds statusId latestPageNotificationAt }\n      accounts { nodeId id acct displayName avatar }\n      statuses { nodeId id content }\n      nextMaxId\n    }\n  }\n"): (typeof documents)["\n  query NotificationsScreen($maxId: ID) {\n    notificationGroups(limit: 20, maxId: $maxId) {\n      groups { groupKey type notificationsCount sampleAccountIds statusId latestPageNotificationAt }\n      accounts { nodeId id acct displayName avatar }\n      statuses { nodeId id content }\n      nextMaxId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProfileScreen($id: ID!, $after: String) {\n    account(id: $id) {\n      nodeId id acct displayName note avatar header followersCount followingCount statusesCount\n      relationship { following followedBy blocking muting requested }\n      statuses(first: 20, after: $after) {\n        edges { node { nodeId id content createdAt favouritesCount reblogsCount } }\n        pageInfo { hasNextPage endCursor }\n      }\n      followers(first: 5) { edges { node { nodeId id acct avatar } } }\n    }\n  }\n"): (typeof documents)["\n  query ProfileScreen($id: ID!, $after: String) {\n    account(id: $id) {\n      nodeId id acct displayName note avatar header followersCount followingCount statusesCount\n      relationship { following followedBy blocking muting requested }\n      statuses(first: 20, after: $after) {\n        edges { node { nodeId id content createdAt favouritesCount reblogsCount } }\n        pageInfo { hasNextPage endCursor }\n      }\n      followers(first: 5) { edges { node { nodeId id acct avatar } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ThreadScreen($id: ID!) {\n    status(id: $id) {\n      nodeId id content createdAt favourited favouritesCount\n      account { nodeId id acct displayName avatar }\n      context {\n        ancestors { nodeId id content account { acct avatar } }\n        descendants { nodeId id content inReplyToId account { acct avatar } }\n      }\n      favouritedBy(first: 10) { edges { node { nodeId id acct } } }\n    }\n  }\n"): (typeof documents)["\n  query ThreadScreen($id: ID!) {\n    status(id: $id) {\n      nodeId id content createdAt favourited favouritesCount\n      account { nodeId id acct displayName avatar }\n      context {\n        ancestors { nodeId id content account { acct avatar } }\n        descendants { nodeId id content inReplyToId account { acct avatar } }\n      }\n      favouritedBy(first: 10) { edges { node { nodeId id acct } } }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;