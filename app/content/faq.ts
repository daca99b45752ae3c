import type { z } from "~/lib/zod";

import { formatMonthlyRange, formatPrice } from "./price";
import { rates } from "./rates";
import type { faqItemSchema } from "./schemas";

const monthly = (n: number) => formatPrice(n, "/month");

/** The pricing page FAQ (docs/product.md#site-pages): eight questions, figures of docs/product.md#prices. */
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqItems: FaqItem[] = [
  {
    id: "timeline",
    question: "How long does it take to build my website?",
    answer:
      "A Basic website is delivered in 1-2 weeks and a Pro website in 2-4 weeks, counted from the day we receive your content and the first payment. Add-ons such as e-commerce or multi-language support can add a few days; your quote states the exact schedule.",
  },
  {
    id: "payment",
    question: "How does payment work?",
    answer: `We ask for ${rates.upfrontPercent}% upfront to book your project and start work, and the remaining ${100 - rates.upfrontPercent}% on completion, before your site goes live. All prices are in Canadian dollars and you pay the exact amount of your quote on our Payment page.`,
  },
  {
    id: "hosting",
    question: "Is hosting included in the price?",
    answer: `Hosting is not included and is paid separately, directly to the hosting provider. For most small business sites it costs ${formatMonthlyRange(rates.hosting.min, rates.hosting.max)}. We recommend a provider that fits your site, set everything up for you and hand over full ownership of the account.`,
  },
  {
    id: "revisions",
    question: "How many revisions do I get?",
    answer:
      "The Basic package includes 2 rounds of revisions and the Pro package includes 5. A round is one consolidated list of changes; we also make small fixes as we go. Further rounds can be added at an agreed rate.",
  },
  {
    id: "maintenance",
    question: "Do you offer ongoing maintenance?",
    answer: `Yes. Every package includes free support after launch (1 month for Basic, 3 months for Pro). After that, maintenance plans start from ${monthly(rates.maintenanceFrom)} and cover updates, backups, security monitoring and small content changes.`,
  },
  {
    id: "seo",
    question: "Will my website show up on Google?",
    answer: `Every site is built with on-page SEO: fast loading, clean markup, metadata and a sitemap. For ongoing growth, our SEO services start from ${monthly(rates.seoFrom)}, and the Advanced SEO add-on ($150) gives your launch a stronger start.`,
  },
  {
    id: "packages",
    question: "What is the difference between Basic and Pro?",
    answer:
      "Basic covers up to 5 pages with 2 revisions and 1 month of free support, ideal for getting online quickly. Pro covers up to 10 pages with a custom design system, blog, gallery and analytics, 5 revisions and 3 months of free support.",
  },
  {
    id: "ownership",
    question: "Will I own my website and be able to update it?",
    answer:
      "Yes. Once the final payment is made, the website, its content and its domain are yours. We walk you through updating your content, and we are happy to make changes for you under a maintenance plan.",
  },
];
