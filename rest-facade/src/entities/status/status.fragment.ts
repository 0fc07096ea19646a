// The selections of status.fragment.graphql as fragment texts, for operations still written as inline strings
// (merged from before docs/graphql-codegen.md#the-facades-own-operations); a .graphql file spreads them by name.
import { inlineFragments } from '../inline-fragments.js';

/** @public */
export const STATUS_FRAGMENTS = inlineFragments('StatusFields');
