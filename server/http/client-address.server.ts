import { isIP } from "node:net";

import type { Logger } from "../logger.server";

/**
 * The key a visitor is counted by (rate limits). Each proxy of our own appends
 * the address it was reached from to X-Forwarded-For, so behind `trustProxyHops`
 * proxies the entry that many places from the right is the visitor, and anything
 * left of it is whatever the client wrote. A value that is not an IP address, or
 * a header with fewer entries than our proxies would have added, falls back to the
 * socket's address. IPv6 visitors are keyed by their /64: one home or phone gets
 * a whole /64, so counting single addresses would hand out a fresh limit per address.
 */
export function clientAddress(input: {
  forwardedFor: string | null | undefined;
  socketAddress: string;
  trustProxyHops: number;
}): string {
  const { forwardedFor, socketAddress, trustProxyHops } = input;
  if (trustProxyHops > 0 && forwardedFor) {
    const entries = forwardedFor.split(",");
    const entry = entries.length >= trustProxyHops ? entries[entries.length - trustProxyHops]!.trim() : "";
    const key = addressKey(entry);
    if (key) return key;
  }
  return addressKey(socketAddress) ?? socketAddress;
}

/** An IPv4 address as it is, an IPv4-mapped IPv6 address as IPv4, another IPv6 address as its /64; undefined if not an IP. */
export function addressKey(address: string): string | undefined {
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return undefined;
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped; the URL parser turns a dotted IPv4 tail into hex). */
function ipv6Groups(address: string): number[] | undefined {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address.split("%")[0]}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head, tail] = canonical.includes("::") ? canonical.split("::") : [canonical, undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((g) => Number.parseInt(g, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : undefined;
}

/**
 * The per-request resolver the app uses. Without TRUST_PROXY behind a proxy,
 * every visitor arrives from the proxy's address and shares one limit: the
 * first request carrying X-Forwarded-For says so once (never its value).
 */
export function createClientAddressResolver(options: { trustProxyHops: number; logger: Logger }) {
  const { trustProxyHops, logger } = options;
  let warned = false;
  return (forwardedFor: string | null | undefined, socketAddress: () => string | undefined): string => {
    if (forwardedFor && trustProxyHops === 0 && !warned) {
      warned = true;
      logger.warn(
        "requests carry X-Forwarded-For but TRUST_PROXY is not set: every visitor behind the proxy shares one rate-limit key; set TRUST_PROXY to the number of proxies in front of the server",
      );
    }
    return clientAddress({ forwardedFor, socketAddress: readSocket(socketAddress), trustProxyHops });
  };
}

function readSocket(socketAddress: () => string | undefined) {
  try {
    return socketAddress() ?? "unknown";
  } catch {
    // Requests made in-process (app.request in tests) have no socket.
    return "local";
  }
}
