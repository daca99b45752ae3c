import { config, z } from "zod";

// Zod compiles object parsers with `new Function` unless told not to; our CSP
// forbids eval, so the probe would log a violation in every browser. app/ imports
// zod only through this module (an ESLint rule), so the setting is in place before
// any of its schemas is created (ES modules evaluate their dependencies first).
// server/ imports zod directly; the setting is global, so a server process that
// loads an app schema parses jitless too.
config({ jitless: true });

export { z };
