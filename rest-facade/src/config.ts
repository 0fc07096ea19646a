/** What the facade needs from its host process's configuration. */
export interface FacadeConfig {
  /** Base URL clients reach the server at; used in Link headers and NodeInfo. */
  publicUrl: string;
  /** Largest request body accepted, in bytes (media uploads have their own limits). */
  bodyLimitBytes: number;
  /** Peers whose X-Forwarded-For is believed (express "trust proxy" values: addresses, CIDRs, loopback, uniquelocal). */
  trustedProxies: string[];
  /** Requests in flight in this process past which it answers 503 + Retry-After (streams not counted). */
  maxInFlight?: number;
  /** MEDIA_DIR, served at /system (shared with the media processes); unset when media lives elsewhere (S3). */
  mediaDir?: string;
}
