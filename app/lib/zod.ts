import { config, z } from "zod";

// Zod compiles object parsers with `new Function` unless told not to; our CSP
// forbids eval, so the probe would log a violation in every browser. This
// module is the app's only import of zod, so the setting is in place before any
// schema is created (ES modules evaluate their dependencies first).
config({ jitless: true });

export { z };
