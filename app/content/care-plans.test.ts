import { describe, expect, it } from "vitest";

import { seedCarePlans } from "./care-plans";
import { carePlanSchema } from "./schemas";

describe("care plans content", () => {
  it("seeds three plans in the range Canadian studios charge, each valid and with its own id", () => {
    for (const p of seedCarePlans) expect(carePlanSchema.parse(p)).toEqual(p);
    expect(new Set(seedCarePlans.map((p) => p.id)).size).toBe(seedCarePlans.length);
    expect(seedCarePlans.map((p) => p.priceCents)).toEqual([5_000, 12_500, 30_000]);
  });
});
