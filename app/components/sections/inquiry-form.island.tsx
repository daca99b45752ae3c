import { InquiryForm } from "./inquiry-form";
import { hydrateIsland } from "~/islands/hydrate-island";

// Client entry of the inquiry form on the static contact page (routes/contact.tsx).
hydrateIsland("inquiry-form", InquiryForm);
