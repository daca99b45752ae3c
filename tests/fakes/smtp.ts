import net from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** Envelope recipients. */
  to: string[];
  from: string;
  /** Header fields, lower-case names, unfolded. */
  headers: Record<string, string>;
  subject: string;
  /** The decoded text body (of a message with HTML, its plain-text part). */
  text: string;
  raw: string;
};

/**
 * An in-process SMTP server collecting every message it accepts, so tests
 * check what the studio's inbox would receive. It can be stopped and started
 * again on the same port to simulate an outage, and refuse chosen recipients.
 */
export async function startFakeSmtp(port = 0, opts: { refuse?: (recipient: string) => boolean } = {}) {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;

  async function listen() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // A mailbox that does not exist: refused at RCPT TO, as a real server answers a bounce.
      onRcptTo(address, _session, callback) {
        if (opts.refuse?.(address.address))
          return callback(Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          messages.push(
            parseMail(
              raw,
              session.envelope.rcptTo.map((r) => r.address),
              session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            ),
          );
          callback();
        });
      },
    });
    // A client that dies mid-session (a killed server process) resets its connection: that is its business, not a crash of the fake.
    server.on("error", (err: Error & { remoteAddress?: string }) => {
      if (!err.remoteAddress) throw err;
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(boundPort, "127.0.0.1", () => resolve());
    });
    boundPort = (server.server.address() as net.AddressInfo).port;
  }

  await listen();
  return {
    messages,
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    /** Simulates the mail server going down: connections are refused. */
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    /** Back up, on the same port. */
    restart: listen,
  };
}

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;

/** A free loopback port with nothing listening on it (yet). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const { headers, body } = entity(raw);
  return {
    to,
    from,
    headers,
    subject: decodeWords(headers.subject ?? ""),
    text: textOf(headers, body).replace(/\r\n/g, "\n").replace(/\n$/, ""),
    raw,
  };
}

/** Header fields (lower-case names, unfolded) and body of a message or a MIME part. */
function entity(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: raw.slice(split + 4) };
}

/** The decoded text: the body itself, or for multipart/alternative (text with HTML) its text/plain part. */
function textOf(headers: Record<string, string>, body: string): string {
  const boundary = /^multipart\/[^;]+;.*\bboundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => entity(p.replace(/^\r\n/, "").replace(/\r\n$/, "")));
    const plain = parts.find((p) => /^text\/plain\b/i.test(p.headers["content-type"] ?? "")) ?? parts[0];
    return plain ? textOf(plain.headers, plain.body) : "";
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") {
    const bytes = Buffer.from(
      body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    );
    return bytes.toString("utf8");
  }
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string) {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}
