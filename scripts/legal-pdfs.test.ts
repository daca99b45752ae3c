import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatAddress, siteConfig } from "../app/content/site";
import { pdfText as pdfBytesText } from "../tests/helpers/pdf";
import { generateLegalPdfs } from "./legal-pdfs";

const pdfText = (file: string) => pdfBytesText(fs.readFileSync(file));

describe("legal PDFs", () => {
  let dir: string;
  let files: string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "legal-pdfs-"));
    files = await generateLegalPdfs(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes the terms of service and the privacy policy", () => {
    expect(files.map((f) => path.basename(f))).toEqual(["terms-of-service.pdf", "privacy-policy.pdf"]);
  });

  it("produces real PDF files", () => {
    for (const file of files) {
      const head = fs.readFileSync(file).subarray(0, 5).toString("latin1");
      expect(head).toBe("%PDF-");
    }
  });

  it("carries the studio's name and contact details from the site config", () => {
    for (const file of files) {
      const text = pdfText(file);
      expect(text).toContain(siteConfig.name);
      expect(text).toContain(siteConfig.email);
      expect(text).toContain(siteConfig.phone.display);
      expect(text).toContain(formatAddress());
    }
  });

  it("states the terms a BC client relies on", () => {
    const terms = pdfText(files[0]!);
    expect(terms).toContain("Terms of Service");
    expect(terms).toMatch(/50% of the quoted price upfront/);
    expect(terms).toMatch(/remaining 50% on completion/);
    expect(terms).toMatch(/Hosting is not included .* paid separately/);
    expect(terms).toContain("$0-20/month");
    expect(terms).toMatch(/Revisions/);
    expect(terms).toMatch(/Refunds/);
    expect(terms).toContain("Province of British Columbia");
  });

  it("grounds the privacy policy in PIPEDA and BC PIPA", () => {
    const privacy = pdfText(files[1]!);
    expect(privacy).toContain("Privacy Policy");
    expect(privacy).toContain("PIPEDA");
    expect(privacy).toContain("Personal Information Protection Act (PIPA)");
    expect(privacy).toContain("Information and Privacy Commissioner for British Columbia");
  });

  it("says what visit statistics are collected, how visitors stay unidentified, and for how long", () => {
    const privacy = pdfText(files[1]!);
    expect(privacy).toMatch(
      /Visit statistics, without cookies: the page viewed, the website that linked to it \(its domain only\), campaign tags/,
    );
    expect(privacy).toMatch(
      /random value that changes every day and is then deleted; neither is stored, and visits on different days cannot be linked/,
    );
    expect(privacy).toContain("Global Privacy Control");
    expect(privacy).toMatch(/deleted after 90 days, and only totals per hour and per day are kept/);
  });

  it("follows a change of studio identity", async () => {
    const other = path.join(dir, "other");
    const [terms] = await generateLegalPdfs(other, {
      ...siteConfig,
      name: "Fraser Pixel Works",
      email: "hi@fraserpixel.example",
    });
    const text = pdfText(terms!);
    expect(text).toContain("Fraser Pixel Works");
    expect(text).toContain("hi@fraserpixel.example");
    expect(text).not.toContain(siteConfig.name);
  });
});
