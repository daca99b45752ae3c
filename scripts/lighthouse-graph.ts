/**
 * What Lighthouse's LCP estimate is made of, from a run's own trace: Lantern (its simulated
 * phone) builds the page's dependency graph and keeps, for LCP, every request that finished
 * before the observed paint (all of them but low-priority images in its optimistic half,
 * those too in its pessimistic half), then replays them on the simulated link and CPU.
 *
 * `networkMs` is the same estimate with the CPU time set to zero: it depends only on which
 * requests are in the graph, their sizes and dependencies, so it does not move with the
 * machine's load (the CPU part is the observed main-thread time × 4, which does). A change
 * to the page is judged on it when the machine is shared; the lead's quiet runs judge the
 * whole figure. `requests` lists the graph's requests (pessimistic half), by path.
 */
import type { RunnerResult } from "lighthouse";
import { LoadSimulator } from "lighthouse/core/computed/load-simulator.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";

export type LcpGraph = { networkMs: number; requests: { path: string; kb: number }[] };

type Node = { type: string; request: { url: string; transferSize: number } };

export async function lcpGraph(result: RunnerResult): Promise<LcpGraph | undefined> {
  // Lighthouse's artifacts and computed artifacts are internal (typed loosely here); a
  // Lighthouse upgrade that changes them leaves the column empty rather than failing the run.
  try {
    const a = result.artifacts as unknown as Record<string, unknown>;
    const settings = result.lhr.configSettings as unknown as {
      throttling: Record<string, number>;
    } & Record<string, unknown>;
    const context = { computedCache: new Map(), settings } as never;
    const noCpu = { ...settings, throttling: { ...settings.throttling, cpuSlowdownMultiplier: 0 } };
    const simulator = await LoadSimulator.request(
      { devtoolsLog: a.DevtoolsLog, settings: noCpu } as never,
      context,
    );
    const lcp = (await LanternLargestContentfulPaint.request(
      {
        trace: a.Trace,
        devtoolsLog: a.DevtoolsLog,
        gatherContext: a.GatherContext,
        settings,
        URL: a.URL,
        SourceMaps: a.SourceMaps,
        simulator,
      } as never,
      context,
    )) as { timing: number; pessimisticEstimate: { nodeTimings: Map<Node, unknown> } };
    const requests = [...lcp.pessimisticEstimate.nodeTimings.keys()]
      .filter((n) => n.type === "network")
      .map((n) => ({ path: new URL(n.request.url).pathname, kb: n.request.transferSize / 1024 }));
    return { networkMs: lcp.timing, requests };
  } catch {
    return undefined;
  }
}
