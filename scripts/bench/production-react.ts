/**
 * Imported first by the bench: React (loaded by the build's server module, which the in-process
 * render and booking cases import) picks its development or production build from NODE_ENV when
 * first loaded. The server runs with NODE_ENV=production, so the renders measured here must too;
 * React's development build renders 3-5 times slower and would measure something no visitor gets.
 */
process.env.NODE_ENV = "production";
