// The selection of status-edit.fragment.graphql as fragment text, for operations still written as inline strings.
import { inlineFragments } from '../inline-fragments.js';

export const STATUS_EDIT_FRAGMENTS = inlineFragments('StatusEditFields');
