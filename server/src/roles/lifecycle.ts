import type { Server } from 'node:http';

/** A started role: its HTTP server and what to release after the server has drained. */
export interface RunningRole {
  server: Server;
  /** Ends long-lived connections (streams) when draining starts, so that the server can close. */
  drain?(): Promise<void>;
  close(): Promise<void>;
}
