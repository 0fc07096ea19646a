// The selection of filter.fragment.graphql as fragment text, for operations still written as inline strings.
import { inlineFragments } from '../inline-fragments.js';

export const FILTER_FRAGMENTS = inlineFragments('FilterFields');
