// The selection of featured-tag.fragment.graphql as fragment text, for operations still written as inline strings.
import { inlineFragments } from '../inline-fragments.js';

export const FEATURED_TAG_FRAGMENTS = inlineFragments('FeaturedTagFields');
