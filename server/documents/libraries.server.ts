import { createRequire } from "node:module";
import type * as Placeholder from "@signpdf/placeholder-pdfkit";
import type * as SignerP12 from "@signpdf/signer-p12";
import type * as SignPdf from "@signpdf/signpdf";
import type * as Fontkit from "fontkit";
import type Forge from "node-forge";
import type PDFKitDocument from "pdfkit";

/**
 * The libraries only documents need, loaded the first time one is drawn, sealed or its
 * certificate opened, not when the server starts (decision 0063): ~15 MB of heap that a process
 * serving pages and taking inquiries never uses. Synchronous (require), so no caller changes;
 * Node caches each after its first load.
 */
const load = createRequire(import.meta.url);

export const pdfkit = () => load("pdfkit") as typeof PDFKitDocument;
export const fontkit = () => load("fontkit") as typeof Fontkit;
export const forge = () => load("node-forge") as typeof Forge;
export const signPdf = () => load("@signpdf/signpdf") as typeof SignPdf;
export const signerP12 = () => load("@signpdf/signer-p12") as typeof SignerP12;
export const sealPlaceholder = () => load("@signpdf/placeholder-pdfkit") as typeof Placeholder;
