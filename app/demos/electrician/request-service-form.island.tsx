import { hydrateIsland } from "~/islands/hydrate-island";

import { RequestServiceForm } from "./request-service-form";

// Client entry of the Request Service form on the static contact page (contact.tsx).
hydrateIsland("request-service-form", RequestServiceForm);
