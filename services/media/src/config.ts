/** What the media subgraph needs from its host process's configuration. */
export interface MediaConfig {
  /** Base URL clients reach the server at; media files are served under /system. */
  publicUrl: string;
  /** Where files are stored. */
  mediaDir: string;
  /** The background worker of this process (every process hosting the media subgraph runs one). */
  jobs?: {
    /** Jobs processed at once (sharp itself uses every core for one image). */
    concurrency?: number;
    /** How long a claimed job stays claimed without a heartbeat: a killed worker's job is retried after this. */
    leaseMs?: number;
    pollIntervalMs?: number;
  };
}

/** The upload limits live in @social/uploads: the facade and the gateway read them too, while receiving files. */

/** Mastodon's image styles and blurhash settings (docs/api/media.md#processing). */
export const PROCESSING = {
  /** The small preview fits this area (640x360 equivalent), aspect kept, never cropped or enlarged. */
  previewPixels: 230_400,
  /** The original is shrunk to this area (3840x2160 equivalent) when larger. */
  originalPixels: 8_294_400,
  /** Animated GIFs above this area are refused (Mastodon turns them into video of at most 1280x720). */
  animatedGifMatrixLimit: 921_600,
  blurhashComponents: { x: 4, y: 4 },
  /** Blurhash is computed from a thumbnail this wide. */
  blurhashWidth: 100,
  jpegQuality: 90,
} as const;

/** Staged uploads nobody claimed, and unattached media, are removed after these ages (docs/api/media.md#cleanup). */
export const RETENTION = {
  stagedUploadMs: 60 * 60 * 1000,
  unattachedMediaMs: 24 * 60 * 60 * 1000,
  vacuumEveryMs: 60 * 60 * 1000,
} as const;
