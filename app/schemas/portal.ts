import { z } from "~/lib/zod";

/** The portal's sign-in form: one email, lower-cased as leads' emails are compared. */
export const linkRequest = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) });
