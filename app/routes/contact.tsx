import type { Route } from "./+types/contact";
import { ContactDetails } from "~/components/sections/contact-details";
import { InquiryForm } from "~/components/sections/inquiry-form";
import { PageIntro } from "~/components/sections/page-intro";
import { Section } from "~/components/sections/section";
import { pageCopy } from "~/content/pages";
import { seo } from "~/lib/seo";

const copy = pageCopy.contact;

export const meta: Route.MetaFunction = () => seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <Section aria-label="Contact" containerClassName="grid items-start gap-8 lg:grid-cols-[1fr_1.6fr]">
        <ContactDetails />
        <div className="min-w-0">
          <InquiryForm />
        </div>
      </Section>
    </>
  );
}
