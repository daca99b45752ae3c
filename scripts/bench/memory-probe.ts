/**
 * Preloaded into the server by the mixed-load bench (node --expose-gc --import):
 * on an IPC "memory" message, collects garbage and answers with the heap still
 * in use, so growth means retained objects rather than a lazy collector.
 */
process.on("message", (message) => {
  if (message !== "memory") return;
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  process.send?.({ heapUsedMb: m.heapUsed / 1024 / 1024, rssMb: m.rss / 1024 / 1024 });
});
