/** Dispatched on an island's container once React has hydrated it; its loader then replays a held submit (loader.ts). */
export const ISLAND_HYDRATED_EVENT = "island:hydrated";
