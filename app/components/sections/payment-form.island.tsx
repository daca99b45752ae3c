import { PaymentForm } from "./payment-form";
import { hydrateIsland } from "~/islands/hydrate-island";

// Client entry of the payment form on the static payment page (routes/payment.tsx).
hydrateIsland("payment-form", PaymentForm);
