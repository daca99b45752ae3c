import { legalDocuments } from "./extras";

const policy = legalDocuments.find((d) => d.id === "privacy-policy")!;

/**
 * The sentence under the contact form saying what its data is for (PIPEDA / BC PIPA).
 * Change `version` whenever the words change: each lead stores the version it was
 * sent under (inquiries.privacy_notice_version) and when.
 */
export const privacyNotice = {
  version: "2026-11-25",
  before: "We use these details only to answer your inquiry and prepare your quote; see our ",
  linkText: "Privacy Policy",
  href: policy.href,
  after: ".",
} as const;
