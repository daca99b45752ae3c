import { inquiryContext, type InquiryServiceDeps } from "./inquiry-context.server";
import { submitForm } from "./submit-form.server";
import { submit } from "./submit.server";

/** Validate, store the lead with its notifications in one transaction (suspected spam in quarantine, unnotified), then trigger delivery. */
export function createInquiryService(deps: InquiryServiceDeps) {
  const ctx = inquiryContext(deps);
  return {
    submit: submit.bind(null, ctx),
    submitForm: submitForm.bind(null, ctx),
  };
}

export type InquiryService = ReturnType<typeof createInquiryService>;
