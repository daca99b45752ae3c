import { data, useActionData } from "react-router";

import { InlineScript, inlineSource } from "~/components/layout/inline-script";
import { ContactDetails } from "~/components/sections/contact-details";
import { InquiryForm } from "~/components/sections/inquiry-form";
import { PageIntro } from "~/components/sections/page-intro";
import { SiteSection } from "~/components/sections/site-section";
import { SiteJsonLd } from "~/components/seo/site-json-ld";
import { refProjectTypes } from "~/content/lead-sources";
import { pageCopy } from "~/content/pages";
import { Island } from "~/islands/island";
import { seo } from "~/lib/seo";
import { preselectProjectType } from "~/schemas/inquiry-source";

import type { Route } from "./+types/contact";

const copy = pageCopy.contact;
const preselect = inlineSource(preselectProjectType, refProjectTypes);

export const meta: Route.MetaFunction = () =>
  seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

/** The inquiry form's no-JavaScript post: handled by the server's inquiry service; the form reads the result. */
export async function action({ request, context }: Route.ActionArgs) {
  const inquiries = context.services?.inquiries;
  if (!inquiries) throw new Response("Inquiries are not available here.", { status: 503 });
  const result = await inquiries.submitForm(request, context.clientIp ?? "unknown");
  return data(result.data, { status: result.status });
}

export default function Page() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <SiteJsonLd />
      <PageIntro copy={copy} />
      <SiteSection aria-label="Contact" containerClassName="grid items-start gap-8 lg:grid-cols-[1fr_1.6fr]">
        <ContactDetails />
        <div className="min-w-0">
          {/* The form's in-page states need React; the rest of the page is static. */}
          <Island name="inquiry-form" component={InquiryForm} props={{ answer }} />
          {/* A visitor from a demo's "Get a site like this" link finds its project type chosen. */}
          <InlineScript source={preselect} />
        </div>
      </SiteSection>
    </>
  );
}
