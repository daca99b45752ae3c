import type { StudioUser } from "../server/auth/session-context.server";
import type { Client } from "../server/portal/sign-in.server";
import type { AppServices, StudioServices } from "../server/services.server";

// Runtime requests (actions, dynamic pages) receive the server's services and
// the response's CSP nonce through React Router's load context.
declare module "react-router" {
  interface AppLoadContext {
    cspNonce?: string;
    services?: AppServices;
    /** The visitor's address as the server sees it (rate limits in form actions). */
    clientIp?: string;
    /** Portal pages (and /book): the signed-in client, set by server/portal's guard. */
    client?: Client;
    /** Studio pages only: its services and the signed-in user (absent when signed out). */
    studio?: StudioServices & { user?: StudioUser };
  }
}

export {};
