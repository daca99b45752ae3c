import type { AppConfig } from "../config.server";
import { selectProvider } from "../payments/payments.server";
import { studioSeal, type Seal, type SealConfig } from "./seal.server";

/**
 * How the server prints its documents (issue 38): agreements sealed with the studio's seal
 * (opened on first use), and every document marked TEST while payments run on the sandbox
 * provider. Built from the configuration by each context that renders a PDF.
 */
export type DocumentStamp = {
  test: boolean;
  seal: () => Seal;
  /** The site's address, for the pay link an unpaid invoice prints (its quote's page). */
  siteUrl: string;
};

export type StampConfig = SealConfig &
  Pick<AppConfig, "PAYMENTS_PROVIDER" | "STRIPE_SECRET_KEY" | "SITE_URL">;

export function documentStamp(config: StampConfig): DocumentStamp {
  return {
    test: selectProvider(config) === "sandbox",
    seal: () => studioSeal(config),
    siteUrl: config.SITE_URL,
  };
}
