// The selection of tag.fragment.graphql as fragment text, for operations still written as inline strings.
import { inlineFragments } from '../inline-fragments.js';

export const TAG_FRAGMENTS = inlineFragments('TagFields');
