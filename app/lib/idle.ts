/**
 * Runs a task when the browser is idle (at the latest after a second). Hydration
 * work is split across such tasks: Lighthouse's phone runs each 4× longer than a
 * desktop and counts every task over 50 ms against the page. Safari has no
 * requestIdleCallback, hence the timeout fallback.
 */
export function whenIdle(task: () => void) {
  if ("requestIdleCallback" in window) requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 1);
}
