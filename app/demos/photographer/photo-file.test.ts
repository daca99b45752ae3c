import { describe, expect, it } from "vitest";

import { gallery, photos, photoSrc } from "./content";
import { loader } from "./photo-file";

const load = (file: string) => loader({ params: { file } } as unknown as Parameters<typeof loader>[0]);

describe("photo files", () => {
  it("serves every photograph below the fold as a standalone SVG document", async () => {
    expect(photos.length).toBe(gallery.length + 1);
    for (const p of photos) {
      const file = photoSrc(p.id).split("/").pop()!;
      const res = load(file);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      const body = await res.text();
      expect(body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/,
      );
      // Gradient and filter ids are unique per photo, so no two files clash if ever inlined together.
      expect(body).toContain(`id="${p.id}-sky"`);
    }
  });

  it("answers 404 for anything else, without echoing the request", () => {
    for (const file of [
      "nope.svg",
      "joffre.png",
      "../joffre.svg",
      "<script>.svg",
      "x".repeat(200) + ".svg",
    ]) {
      let thrown: unknown;
      try {
        load(file);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, file).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });
});
