import { hydrateIsland } from "~/islands/hydrate-island";

import { PaymentForm } from "./payment-form";

// Client entry of the payment form on the static payment page (routes/payment.tsx).
hydrateIsland("payment-form", PaymentForm);
