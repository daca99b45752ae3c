import { generateKeyPairSync, randomBytes } from "node:crypto";
import type Forge from "node-forge";

import { siteConfig } from "~/content/site";

import { forge as loadForge } from "./libraries.server";

/** PKCS#12 files of the document seal (seal.server.ts): opened at start-up by config.server.ts, made for development. */

/**
 * Opens a PKCS#12 file: its private key and the certificate that matches it, not expired.
 * Throws a message fit for a start-up error (wrong passphrase, no key, expired certificate).
 */
export function openP12(bytes: Buffer, passphrase: string, at = new Date()): { signer: string } {
  const forge = loadForge();
  let p12: Forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bytes.toString("binary")), false, passphrase);
  } catch (error) {
    throw new Error(
      `is not a PKCS#12 file this passphrase opens (${(error as Error).message}); ` +
        "make one with: openssl pkcs12 -export -inkey key.pem -in cert.pem -out studio.p12",
    );
  }
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certBag = forge.pki.oids.certBag!;
  const keys = p12.getBags({ bagType: keyBag })[keyBag];
  const key = keys?.[0]?.key as Forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error("holds no (RSA) private key");
  const certs = p12.getBags({ bagType: certBag })[certBag] ?? [];
  const cert = certs
    .map((b) => b.cert)
    .find((c) => {
      const pub = c?.publicKey as Forge.pki.rsa.PublicKey | undefined;
      return pub?.n?.equals(key.n) && pub.e.equals(key.e);
    });
  if (!cert) throw new Error("holds no certificate for its private key");
  if (cert.validity.notAfter < at || cert.validity.notBefore > at)
    throw new Error(
      `holds a certificate valid only ${cert.validity.notBefore.toISOString()} to ${cert.validity.notAfter.toISOString()}`,
    );
  const cn = cert.subject.getField("CN") as { value?: string } | null;
  return { signer: cn?.value ?? siteConfig.name };
}

/** A self-signed certificate of the studio, in a PKCS#12 under the passphrase. RSA key from Node's own crypto (fast); forge writes the certificate. */
export function selfSignedP12(passphrase: string, now = new Date()): Buffer {
  const forge = loadForge();
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const subject = [
    { name: "commonName", value: `${siteConfig.name} (development seal)` },
    { name: "organizationName", value: siteConfig.name },
    { name: "countryName", value: "CA" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}
