import { RequestServiceForm } from "./request-service-form";
import { hydrateIsland } from "~/islands/hydrate-island";

// Client entry of the Request Service form on the static contact page (contact.tsx).
hydrateIsland("request-service-form", RequestServiceForm);
