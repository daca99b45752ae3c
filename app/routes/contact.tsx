import { data } from "react-router";
import type { Route } from "./+types/contact";
import { InquiryForm } from "~/components/sections/inquiry-form";
import { PageHero } from "~/components/sections/page-hero";
import { Container } from "~/components/ui/container";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Contact", description: "Tell us about your project and get a free quote within 24 hours.", path: "/contact" });

/** The inquiry form's no-JavaScript post: handled by the server's inquiry service; the form reads the result. */
export async function action({ request, context }: Route.ActionArgs) {
  const inquiries = context.services?.inquiries;
  if (!inquiries) throw new Response("Inquiries are not available here.", { status: 503 });
  const result = await inquiries.submitForm(request, context.clientIp ?? "unknown");
  return data(result.data, { status: result.status });
}

export default function Page() {
  return (
    <>
      <PageHero title="Contact">Tell us about your project and get a free quote within 24 hours.</PageHero>
      <Container className="py-12">
        <InquiryForm />
      </Container>
    </>
  );
}
