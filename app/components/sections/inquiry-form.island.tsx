import { hydrateIsland } from "~/islands/hydrate-island";

import { InquiryForm } from "./inquiry-form";

// Client entry of the inquiry form on the static contact page (routes/contact.tsx).
hydrateIsland("inquiry-form", InquiryForm);
