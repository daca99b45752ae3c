import type { z } from "~/lib/zod";

import { packages } from "./packages";
import { formatMonthlyRange, formatPrice } from "./price";
import { rates } from "./rates";
import type { legalDocumentTextSchema } from "./schemas";
import { formatAddress, siteConfig, type SiteConfig } from "./site";

/**
 * The text source of the legal PDFs (scripts/legal-pdfs.ts renders them).
 * Studio identity and figures come from the site config and the price
 * modules, so the documents change with them.
 */
export type LegalDocumentText = z.input<typeof legalDocumentTextSchema>;

/** Effective date of the current versions; change it whenever the text changes. */
export const legalEffectiveDate = "November 28, 2026";

export function termsOfService(site: SiteConfig = siteConfig): LegalDocumentText {
  const upfront = rates.upfrontPercent;
  const [basic, pro] = packages;
  return {
    id: "terms-of-service",
    title: "Terms of Service",
    effectiveDate: legalEffectiveDate,
    intro: `These Terms of Service ("Terms") govern the website design, development and related services provided by ${site.name} ("we", "us", "our"), ${formatAddress(site.address)}, to you, our client ("you"). By accepting a quote, making a payment or instructing us to begin work, you agree to these Terms.`,
    sections: [
      {
        heading: "1. Quotes and Scope of Work",
        paragraphs: [
          `Every project begins with a written quote that describes the package, the agreed pages and features, any add-ons, the price in Canadian dollars (CAD) and the estimated delivery schedule. Quotes are valid for 30 days. Package prices shown on our website are starting prices; the quote you accept is the price you pay.`,
          "Work that falls outside the accepted quote (for example extra pages, new features or a change of direction after design approval) is quoted separately and only carried out with your written approval.",
        ],
      },
      {
        heading: "2. Payment Terms",
        paragraphs: [
          `Payment is made in two instalments: ${upfront}% of the quoted price upfront, before work begins, and the remaining ${100 - upfront}% on completion, before the website is published or handed over. All amounts are in CAD and exclusive of applicable taxes (GST/PST), which are added where required by law.`,
          "Payments are processed securely by our payment provider; we never see or store your full card details. Final files, credentials and ownership transfer once the completion payment is received in full.",
          "Invoices unpaid 30 days after completion may result in the website being taken offline until payment is made.",
        ],
      },
      {
        heading: "3. Timelines and Your Responsibilities",
        paragraphs: [
          `Estimated delivery is 1-2 weeks for a ${basic?.name ?? "Basic"} website and 2-4 weeks for a ${pro?.name ?? "Pro"} website, counted from receipt of the upfront payment and all content we need (text, images, logos, account access). Delays in providing content or feedback extend the schedule accordingly.`,
          "You confirm that you own or are licensed to use all content you provide, and that it does not infringe anyone's rights or break any law.",
        ],
      },
      {
        heading: "4. Revisions",
        paragraphs: [
          `The ${basic?.name ?? "Basic"} package includes 2 rounds of revisions and the ${pro?.name ?? "Pro"} package includes 5 rounds. A round is one consolidated list of changes to the agreed scope. Additional rounds, or changes requested after final approval, are billed at our hourly rate stated in your quote.`,
        ],
      },
      {
        heading: "5. Hosting, Domains and Third-Party Services",
        paragraphs: [
          `Hosting is not included in our package prices and is paid separately by you, directly to the hosting provider (typically ${formatMonthlyRange(rates.hosting.min, rates.hosting.max)}). Domain names, email accounts, paid plugins and other third-party services are also paid separately and are subject to the terms of their providers.`,
          "We set up hosting and domains in accounts registered in your name wherever possible. We are not responsible for outages, price changes or data loss caused by third-party providers.",
        ],
      },
      {
        heading: "6. Support, Maintenance and SEO",
        paragraphs: [
          `Each package includes free support after launch for fixing defects in our work: 1 month for ${basic?.name ?? "Basic"} and 3 months for ${pro?.name ?? "Pro"}. Ongoing maintenance plans start from ${formatPrice(rates.maintenanceFrom, "/month")} and SEO services from ${formatPrice(rates.seoFrom, "/month")}; they are billed monthly and may be cancelled with 30 days' written notice. We do not guarantee any particular search engine ranking.`,
        ],
      },
      {
        heading: "7. Ownership and Intellectual Property",
        paragraphs: [
          "On receipt of full payment, you own the final design and the content of your website. Open-source software, licensed fonts and third-party components remain subject to their own licences. We may display the completed website in our portfolio unless you ask us in writing not to.",
        ],
      },
      {
        heading: "8. Cancellations and Refunds",
        paragraphs: [
          "You may cancel a project at any time by written notice. The upfront payment secures your place in our schedule and covers work started; if you cancel before any design work has been delivered, we refund the upfront payment less a fee for the time already spent, as itemised in writing. Once design work has been delivered, the upfront payment is non-refundable. Work completed beyond the upfront amount at the time of cancellation is invoiced at the quoted rate.",
          "If we cannot complete your project for reasons within our control, we refund all payments for work not delivered.",
        ],
      },
      {
        heading: "9. Warranties and Limitation of Liability",
        paragraphs: [
          "We perform our services with reasonable care and skill. Except as set out in these Terms, services are provided without other warranties to the extent permitted by law. Our total liability arising from a project is limited to the amounts you paid for that project, and we are not liable for indirect or consequential losses such as lost profits or lost data.",
        ],
      },
      {
        heading: "10. Privacy",
        paragraphs: [
          "We handle the personal information you share with us in accordance with our Privacy Policy, which forms part of these Terms.",
        ],
      },
      {
        heading: "11. Governing Law",
        paragraphs: [
          "These Terms are governed by the laws of the Province of British Columbia and the federal laws of Canada applicable there. Any dispute shall be resolved in the courts of British Columbia, sitting in Vancouver, and both parties agree first to try in good faith to settle it by discussion.",
        ],
      },
      {
        heading: "12. Changes and Contact",
        paragraphs: [
          `We may update these Terms from time to time; the version in effect when you accept a quote applies to that project. Questions about these Terms can be sent to ${site.email}, by phone at ${site.phone.display}, or by mail to ${site.name}, ${formatAddress(site.address)}.`,
        ],
      },
    ],
  };
}

export function privacyPolicy(site: SiteConfig = siteConfig): LegalDocumentText {
  return {
    id: "privacy-policy",
    title: "Privacy Policy",
    effectiveDate: legalEffectiveDate,
    intro: `${site.name} ("we", "us", "our") respects your privacy. This policy explains how we collect, use, disclose and protect personal information in accordance with Canada's Personal Information Protection and Electronic Documents Act (PIPEDA) and British Columbia's Personal Information Protection Act (PIPA).`,
    sections: [
      {
        heading: "1. Information We Collect",
        paragraphs: [
          "We collect only the personal information we need to respond to you and deliver our services:",
        ],
        bullets: [
          "Contact details you give us through our inquiry form, by email or by phone: name, email address, phone number and company name.",
          "Project details you choose to share: project type, budget, timeline and your message.",
          "Calls you book on our website: your name, email address, company (if given), what you would like to talk about, the time you chose and the time zone you viewed it in. Your link to reschedule or cancel is stored only as a one-way digest.",
          "Your client account, if you sign in to your client portal: your email address and when the account was made, and for each sign-in session its start, its expiry, your IP address and browser type. A sign-in link is stored only as a one-way digest and works once, for 15 minutes.",
          "Payment information: the package and amount paid. Card details are entered on our payment provider's secure page and are never received or stored by us.",
          "Care plans: the plan, the province you chose (it decides the sales tax), the name and email address our payment provider bills, the state of the plan, the hours of changes we log against it each month, and each month's invoice and receipt, which tax law requires us to keep for six years.",
          "Technical information our server records for security, such as IP address, browser type and the pages requested, kept in short-lived logs.",
          "Visit statistics, without cookies: the page viewed, the website that linked to it (its domain only), campaign tags in the link, the demo you came from and whether you use a phone, tablet or computer. To count unique visitors without identifying you, your IP address and browser type are combined with a random value that changes every day and is then deleted; neither is stored, and visits on different days cannot be linked. Browsers that send a Global Privacy Control signal, and automated visitors, are not counted.",
        ],
      },
      {
        heading: "2. How We Use It",
        bullets: [
          "To answer your inquiry and prepare your quote.",
          "To hold a call you book: its confirmation with a calendar invitation, reminders 24 hours and 1 hour before, and any change you make.",
          "To deliver, invoice and support the services you purchase.",
          "To keep our website secure and prevent abuse, such as spam and fraud.",
          "To learn which pages, demos, referring websites and campaigns bring us clients, from visit statistics counted in total, and from where an inquiry you send came from.",
          "To meet our legal, tax and accounting obligations.",
        ],
        paragraphs: [
          "We do not sell or rent your personal information, and we do not use it for advertising.",
        ],
      },
      {
        heading: "3. Consent",
        paragraphs: [
          "By submitting our inquiry form or otherwise providing information to us, you consent to its use for the purposes above. You may withdraw consent at any time, subject to legal or contractual restrictions, by contacting us; withdrawing consent may mean we can no longer provide a service.",
        ],
      },
      {
        heading: "4. Disclosure to Service Providers",
        paragraphs: [
          "We share personal information only with service providers who help us run our business, such as our hosting provider, email delivery service and payment processor, and only as much as they need. They are bound to protect it. Some providers may store data outside Canada, including in the United States, where it may be subject to the laws of that country.",
        ],
      },
      {
        heading: "5. Retention",
        paragraphs: [
          "We keep inquiry information for up to 24 months after our last contact, and client records for as long as tax and accounting laws require (generally seven years). Information we no longer need is securely deleted or anonymised.",
        ],
      },
      {
        heading: "6. Safeguards",
        paragraphs: [
          "We protect personal information with safeguards appropriate to its sensitivity, including encrypted connections (HTTPS), access limited to staff who need it, strong authentication and regular updates. No method of transmission or storage is perfectly secure, but we work to protect your information and will notify you and the authorities of any breach as the law requires.",
        ],
      },
      {
        heading: "7. Cookies",
        paragraphs: [
          "Our website does not use advertising or tracking cookies and does not load content from third-party servers. Any storage used is strictly necessary for the website to work. Signing in to your client portal sets one cookie that keeps you signed in; it ends when you sign out, after a day without use, or 30 days after sign-in. Visit statistics are counted by our own server, with no cookie and nothing stored in your browser; detailed records are deleted after 90 days, and only totals per hour and per day are kept.",
        ],
      },
      {
        heading: "8. Your Rights",
        paragraphs: [
          'You may ask to access the personal information we hold about you, to correct it, or to have it deleted where we are not required to keep it. Signed in to your client portal, you can download your data and ask for its deletion yourself, on its "Your data" page. We respond to written requests within 30 days. If you are not satisfied with our response, you may contact the Office of the Information and Privacy Commissioner for British Columbia or the Office of the Privacy Commissioner of Canada.',
        ],
      },
      {
        heading: "9. Contact Our Privacy Officer",
        paragraphs: [
          `Questions, requests or complaints about privacy can be sent to our Privacy Officer at ${site.email}, by phone at ${site.phone.display}, or by mail to ${site.name}, Attn: Privacy Officer, ${formatAddress(site.address)}.`,
        ],
      },
      {
        heading: "10. Changes to This Policy",
        paragraphs: [
          "We may update this policy to reflect changes in our practices or the law. The effective date above shows when it was last changed; significant changes will be announced on our website.",
        ],
      },
    ],
  };
}

export const legalTexts = (site: SiteConfig = siteConfig) => [termsOfService(site), privacyPolicy(site)];
