/** Makes the original of a v2 upload. Payload: { attachmentId }. */
export const MEDIA_PROCESS_QUEUE = 'media.process';
/** Periodic: removes unattached media after 24 h and abandoned uploads after an hour. */
export const MEDIA_VACUUM_QUEUE = 'media.vacuum';
