/**
 * Coalesces calls that arrive while a statement runs into the next one: the first call runs
 * alone at once, the calls made meanwhile wait and run together, so under load the number of
 * statements stays one at a time while the batch grows (the rate limits' and the beacon's
 * admissions, issue 37). `run` answers each item, in order; a failure fails the whole batch.
 */
export function createBatcher<T, R>(run: (items: T[]) => Promise<R[]>, max = 1_000) {
  type Waiting = { item: T; done(r: R): void; fail(e: unknown): void };
  const queue: Waiting[] = [];
  let running = false;

  async function pump() {
    running = true;
    while (queue.length) {
      const batch = queue.splice(0, max);
      try {
        const answers = await run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.done(answers[i]!));
      } catch (error) {
        for (const w of batch) w.fail(error);
      }
    }
    running = false;
  }

  return (item: T): Promise<R> => {
    const answer = new Promise<R>((done, fail) => queue.push({ item, done, fail }));
    if (!running) void pump();
    return answer;
  };
}
