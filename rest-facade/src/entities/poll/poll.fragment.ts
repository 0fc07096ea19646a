/** The one Poll selection every poll operation (and Status) spreads. */
export const POLL_FRAGMENTS = [
  `fragment PollFields on Poll {
  id expiresAt expired multiple votesCount votersCount voted ownVotes
  options { title votesCount }
}`,
];
