/** A mute that has not lapsed (the database clock decides), for a mutes row aliased m. */
export const LIVE_MUTE = '(m.expires_at IS NULL OR m.expires_at > now())';
