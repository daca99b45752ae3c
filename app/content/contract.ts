/**
 * The studio's default service agreement (issue 38): the clauses a web studio's contract
 * carries, in Markdown (app/shared/scope.ts renders it, never as HTML). The owner edits it on
 * /studio/settings/contract; each save is a new version, and a quote signs the version current
 * when it was sent (copied into the quote then). This text is version 0, used until the first save.
 * Plain words, not legal advice: the owner should have it read by a BC lawyer before relying on it.
 */
export const DEFAULT_CONTRACT = `# Service agreement

This agreement is between the studio and the client named in the signature. The quote above (its scope of work, lines, options chosen, prices, taxes and payment schedule) is part of it.

## 1. Scope and change requests
The studio delivers the scope of work in the quote. Anything else is a change request: the studio quotes it in writing (price and effect on the timeline) and starts it only once the client accepts that quote.

## 2. Revisions
Each design stage includes two rounds of revisions unless the quote says otherwise. Further rounds are billed at the studio's hourly rate, quoted before the work starts.

## 3. Client content and approvals
The client provides text, images, logins and other content by the dates agreed, and confirms it has the right to use them. The client approves each stage in writing (email is enough) within 5 business days; a stage not answered in 10 business days is taken as approved. Delays in content or approvals move the timeline by the same time.

## 4. Intellectual property
When the client has paid in full, the client owns the final website's design and content made for it. Until then the studio keeps all rights and licenses the client to review the work only. The studio keeps its own tools, code libraries and know-how, and grants the client a perpetual licence to use those included in the website. Third-party fonts, images, plugins and software stay under their own licences. The studio may show the finished work in its portfolio unless the client asks otherwise in writing.

## 5. Hosting and third-party costs
Domain names, hosting, paid plugins, fonts, stock images and other third-party services are the client's cost, paid directly by the client or billed at cost, unless the quote includes them. Their providers' terms and outages are outside the studio's control.

## 6. Payment schedule and late payment
Amounts are in Canadian dollars and include the taxes shown. The deposit in the quote is due to start; the balance is due on completion, before launch. Invoices are due within 15 days. An amount unpaid after its due date bears interest of 1.5% per month (19.56% per year), and the studio may pause work until it is paid.

## 7. Cancellation
Either party may end this agreement by written notice. The client then pays for the work done to that date at the quote's prices (the deposit is kept against it), and the studio hands over the work paid for. If the studio ends it without cause, it refunds any amount paid for work not done.

## 8. Warranty
For 30 days after launch the studio fixes, at no charge, any defect where the website does not work as agreed in the scope. The warranty does not cover changes made by others, new browser or third-party versions released after launch, content, or hosting.

## 9. Limitation of liability
The studio's total liability under this agreement is limited to the amounts the client paid under it. Neither party is liable for indirect or consequential losses, such as lost profits or data, except where the law does not allow this limit.

## 10. Confidentiality
Each party keeps the other's non-public information confidential and uses it only for this project, during the project and for two years after it, unless the law requires its disclosure.

## 11. Governing law
This agreement is governed by the laws of the Province of British Columbia and the federal laws of Canada that apply there, and the courts of British Columbia have jurisdiction.
`;

/** The clauses the default contract carries, by heading: what a test checks every version keeps in view. */
export const CONTRACT_CLAUSES = [
  "Scope and change requests",
  "Revisions",
  "Client content and approvals",
  "Intellectual property",
  "Hosting and third-party costs",
  "Payment schedule and late payment",
  "Cancellation",
  "Warranty",
  "Limitation of liability",
  "Confidentiality",
  "Governing law",
] as const;
