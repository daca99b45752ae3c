import type { ServerBuild } from "react-router";

import type { Client } from "../portal/sign-in.server";
import type { ServiceDeps, Services } from "../services.server";

/** What every route handler may read from Hono's context: set by the app's first middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    clientIp: string;
    /** /portal requests only: the signed-in client, and cookies that slide their session (server/portal). */
    portalClient?: Client;
    portalCookies?: string[];
  };
};

/** The built site: the React Router server build and, in production, the prerendered client files. */
export type Site = { clientDir?: string; serverBuild: ServerBuild | (() => Promise<ServerBuild>) };

export type AppDeps = ServiceDeps & {
  /**
   * The built site; omitted in API-only integration tests. The dev server (dev.ts) gives
   * no clientDir (Vite serves the files) and a server build Vite loads per request.
   */
  site?: Site;
  /** The process's services (server/process.server.ts); absent: createApp builds its own with createServices. */
  services?: Services;
};

/** Default cap on any request body; routes that need less set their own. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
