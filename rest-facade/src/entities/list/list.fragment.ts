/** The one List selection. */
export const LIST_FRAGMENTS = [`fragment ListFields on List { id title repliesPolicy exclusive }`];
