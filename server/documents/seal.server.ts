import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { siteConfig } from "~/content/site";

import type { AppConfig } from "../config.server";
import { hkdfKey, rootSecret } from "../secrets.server";
import { sealPlaceholder, signerP12, signPdf } from "./libraries.server";
import { openP12, selfSignedP12 } from "./p12.server";

/**
 * The studio's seal on the agreements it issues (issue 38, decision 0057): a digital signature
 * over the whole PDF (ISO 32000-1 adbe.pkcs7.detached, the PAdES Part 2 profile), made with the
 * studio's certificate. Any PDF reader then tells whether the file changed after it was sealed;
 * poppler's pdfsig says "Signature is Valid" and "Total document signed".
 *
 * The certificate is a PKCS#12 file from the environment (SIGNING_CERT_FILE and
 * SIGNING_CERT_PASSPHRASE, checked at start-up by config.server.ts). Without one (development,
 * tests, `npm start` on loopback), a self-signed certificate is generated: once per install,
 * kept beside the SQLite file under a passphrase derived from the root secret; in memory for tests.
 */
export type Seal = {
  /** The PKCS#12 bytes (private key and certificate) and their passphrase. */
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject common name, printed beside the seal. */
  signer: string;
  /** Whether it is a generated development certificate (documents say so). */
  selfSigned: boolean;
};

/** Room for the CMS signature: a certificate chain of a few certificates fits (a 2048-bit key alone needs ~2 KB). */
const SIGNATURE_BYTES = 16_384;

export type SealConfig = Pick<
  AppConfig,
  | "SIGNING_CERT_FILE"
  | "SIGNING_CERT_PASSPHRASE"
  | "NODE_ENV"
  | "DATABASE_PATH"
  | "STUDIO_AUTH_SECRET"
  | "BETTER_AUTH_SECRET"
>;

const sealCache = new Map<string, Seal>();

/** The studio's seal from the configuration, or the install's development one; opened once per process. */
export function studioSeal(config: SealConfig): Seal {
  const key = config.SIGNING_CERT_FILE ?? `dev:${config.NODE_ENV}:${config.DATABASE_PATH}`;
  const cached = sealCache.get(key);
  if (cached) return cached;
  const seal = config.SIGNING_CERT_FILE ? configuredSeal(config) : developmentSeal(config);
  sealCache.set(key, seal);
  return seal;
}

function configuredSeal(config: SealConfig): Seal {
  const p12 = fs.readFileSync(config.SIGNING_CERT_FILE!);
  const passphrase = config.SIGNING_CERT_PASSPHRASE ?? "";
  return { p12, passphrase, selfSigned: false, ...openP12(p12, passphrase) };
}

/**
 * Tests: one certificate per process, in memory. Otherwise one per install, written once beside
 * the SQLite file (linked into place, so racing processes agree) and opened with a passphrase
 * derived from the root secret; a file the passphrase no longer opens (the secret changed) is replaced.
 */
function developmentSeal(config: SealConfig): Seal {
  const passphrase = hkdfKey(rootSecret(config), "cascadia-documents", "development-seal").toString("base64");
  if (config.NODE_ENV === "test" || config.DATABASE_PATH === ":memory:") {
    const p12 = selfSignedP12(passphrase);
    return { p12, passphrase, selfSigned: true, ...openP12(p12, passphrase) };
  }
  const file = path.join(path.dirname(path.resolve(config.DATABASE_PATH)), "studio-development-seal.p12");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!fs.existsSync(file)) {
      const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
      fs.writeFileSync(draft, selfSignedP12(passphrase), { mode: 0o600 });
      try {
        fs.linkSync(draft, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      } finally {
        fs.rmSync(draft, { force: true });
      }
    }
    const p12 = fs.readFileSync(file);
    try {
      return { p12, passphrase, selfSigned: true, ...openP12(p12, passphrase) };
    } catch {
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`${file}: cannot open the development seal; delete it`);
}

/** What the signature dictionary states beside the seal. */
export type SealInfo = { reason: string; signedAt: Date };

/**
 * Reserves the signature's place in a document being drawn (called last, before doc.end()):
 * an invisible signature field on the current page whose value covers every byte but itself.
 */
export function addSealPlaceholder(doc: PDFKit.PDFDocument, seal: Seal, info: SealInfo) {
  const { pdfkitAddPlaceholder } = sealPlaceholder();
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: info.reason,
    contactInfo: siteConfig.email,
    name: seal.signer,
    location: "Vancouver, BC, Canada",
    signingTime: info.signedAt,
    signatureLength: SIGNATURE_BYTES,
  });
}

/** Signs the placeholder's byte range: the file as it leaves the server. The same bytes for the same input and time. */
export function applySeal(pdf: Buffer, seal: Seal, signedAt: Date): Promise<Buffer> {
  const { SignPdf } = signPdf();
  const { P12Signer } = signerP12();
  return new SignPdf().sign(pdf, new P12Signer(seal.p12, { passphrase: seal.passphrase }), signedAt);
}
