import { Writable } from "node:stream";

import { loadConfig } from "../../server/config.server";
import { createLogger, type Logger } from "../../server/logger.server";

/** Log lines as written (`raw`) and parsed (`lines`), via the logger's stream option. */
export function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, raw, stream };
}

/** A logger at `level` whose lines are kept (see captureLogs). */
export function capturingLogger(
  level: "info" | "warn" = "info",
): { logger: Logger } & Omit<ReturnType<typeof captureLogs>, "stream"> {
  const { lines, raw, stream } = captureLogs();
  return { logger: createLogger(loadConfig({ NODE_ENV: "test" }), { stream, level }), lines, raw };
}
