import { describe, expect, it } from "vitest";

import { capturingLogger } from "../../tests/helpers/logs";
import { addressKey, clientAddress, createClientAddressResolver } from "./client-address.server";

const socketAddress = "192.0.2.10";

describe("clientAddress", () => {
  it.each([
    ["no proxy trusted: the header is ignored", "198.51.100.7", 0, socketAddress],
    ["one proxy: the entry it appended", "198.51.100.7", 1, "198.51.100.7"],
    [
      "one proxy: entries the client wrote on the left are ignored",
      "6.6.6.6, 7.7.7.7, 198.51.100.7",
      1,
      "198.51.100.7",
    ],
    ["two proxies: the second entry from the right", "6.6.6.6, 198.51.100.7, 203.0.113.1", 2, "198.51.100.7"],
    ["fewer entries than proxies: the socket", "198.51.100.7", 2, socketAddress],
    ["an entry that is no address: the socket", "6.6.6.6, not-an-ip", 1, socketAddress],
    ["an address with a port: the socket", "198.51.100.7:4711", 1, socketAddress],
    ["an empty entry: the socket", "198.51.100.7, ", 1, socketAddress],
    ["no header: the socket", undefined, 1, socketAddress],
    ["IPv6: its /64", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", 1, "2001:db8:1:2::/64"],
    ["IPv4-mapped IPv6: the IPv4 address", "::ffff:198.51.100.7", 1, "198.51.100.7"],
  ] as const)("%s", (_name, forwardedFor, trustProxyHops, expected) => {
    expect(clientAddress({ forwardedFor, socketAddress, trustProxyHops })).toBe(expected);
  });

  it("keys every address of one IPv6 /64 alike, and another /64 apart", () => {
    const keys = [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:0:0:0:9",
      "2001:db8:1:2::1.2.3.4",
    ].map((a) => clientAddress({ forwardedFor: `6.6.6.6, ${a}`, socketAddress, trustProxyHops: 1 }));
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(clientAddress({ forwardedFor: "2001:db8:1:3::1", socketAddress, trustProxyHops: 1 })).toBe(
      "2001:db8:1:3::/64",
    );
  });

  it("normalises the socket's own address too", () => {
    expect(
      clientAddress({ forwardedFor: undefined, socketAddress: "::ffff:127.0.0.1", trustProxyHops: 0 }),
    ).toBe("127.0.0.1");
    expect(clientAddress({ forwardedFor: undefined, socketAddress: "::1", trustProxyHops: 0 })).toBe(
      "0:0:0:0::/64",
    );
    expect(clientAddress({ forwardedFor: undefined, socketAddress: "fe80::1%eth0", trustProxyHops: 0 })).toBe(
      "fe80:0:0:0::/64",
    );
  });
});

describe("addressKey", () => {
  it.each(["", "local", "1.2.3", "::ffff:zz", "[::1]", "1.2.3.4.5"])("is undefined for %j", (value) => {
    expect(addressKey(value)).toBeUndefined();
  });
});

describe("createClientAddressResolver", () => {
  it("warns once, without the header's value, when X-Forwarded-For arrives untrusted", () => {
    const { lines, logger } = capturingLogger();
    const resolve = createClientAddressResolver({ trustProxyHops: 0, logger });
    resolve(undefined, () => socketAddress);
    expect(lines).toHaveLength(0);
    for (const forwarded of ["198.51.100.7", "203.0.113.9, 198.51.100.8", "198.51.100.7"]) {
      expect(resolve(forwarded, () => socketAddress)).toBe(socketAddress);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: expect.stringContaining("TRUST_PROXY") });
    expect(JSON.stringify(lines)).not.toMatch(/198\.51\.100|203\.0\.113|192\.0\.2/);
  });

  it("says nothing when the proxy is trusted", () => {
    const { lines, logger } = capturingLogger();
    const resolve = createClientAddressResolver({ trustProxyHops: 1, logger });
    expect(resolve("6.6.6.6, 198.51.100.7", () => socketAddress)).toBe("198.51.100.7");
    expect(lines).toHaveLength(0);
  });

  it("keys an in-process request without a socket as local", () => {
    const { logger } = capturingLogger();
    const resolve = createClientAddressResolver({ trustProxyHops: 1, logger });
    const noSocket = () => {
      throw new Error("no socket");
    };
    expect(resolve(undefined, noSocket)).toBe("local");
    expect(resolve("198.51.100.7", noSocket)).toBe("198.51.100.7");
  });
});
