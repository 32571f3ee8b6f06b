// The one "is this host public?" check: every special-purpose block of the IANA IPv4 and IPv6
// registries (RFC 6890 and updates) refused in any spelling, by the catalog, the simulator and
// the inbox page (which then shows the URL as text and never loads it).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RenderContext, renderItem } from "../../src/inbox/render.js";
import { contactableUrl } from "../../src/inbox/security.js";
import type { InboxItem } from "../../src/inbox/types.js";
import { privateUrlReason } from "../../src/sim/url-guard.js";
import { nonPublicHostReason } from "../../src/tools/hosts.js";

// Written out from the registries, independently of the library the code uses.
const V4_BLOCKS: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

const toInt = (dotted: string) => dotted.split(".").reduce((n, part) => n * 256 + Number(part), 0);
const toDotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
const inV4Block = (n: number) =>
  V4_BLOCKS.some(
    ([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(toInt(base) / 2 ** (32 - bits)),
  );

/** Ways a browser accepts to write one IPv4 address. */
function spellings(n: number): string[] {
  const [a, b, c, d] = toDotted(n).split(".").map(Number) as [number, number, number, number];
  return [
    toDotted(n),
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `${a}.${b}.${(c << 8) | d}`,
    `0x${a.toString(16)}.0${b.toString(8)}.${c}.0x${d.toString(16)}`,
    `${toDotted(n)}.`,
    `[::ffff:${toDotted(n)}]`,
  ];
}

const refusedEverywhere = (host: string) => {
  expect(nonPublicHostReason(host), host).not.toBeNull();
  expect(privateUrlReason(`https://${host}/a.png`), host).not.toBeNull();
  expect(contactableUrl(`https://${host}/a.png`, new Set(), true), host).toBeNull();
};

describe("IPv4", () => {
  it.each([
    "0.1.2.3",
    "10.1.2.3",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "169.254.169.254",
    "172.16.0.1",
    "192.0.0.9",
    "192.0.2.1",
    "192.88.99.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.251",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
  ])("%s is shown as text, never loaded, and refused for media", (host) => {
    refusedEverywhere(host);
  });

  it("every address of every block, in every spelling, is refused; addresses outside them are public", () => {
    const inBlock = fc
      .tuple(fc.constantFrom(...V4_BLOCKS), fc.integer({ min: 0, max: 2 ** 32 - 1 }))
      .map(([[base, bits], r]) => toInt(base) + (r % 2 ** (32 - bits)));
    fc.assert(
      fc.property(inBlock, (n) => {
        for (const spelled of spellings(n)) refusedEverywhere(spelled);
      }),
      { numRuns: 300 },
    );
    const anyAddress = fc.integer({ min: 0, max: 2 ** 32 - 1 });
    fc.assert(
      fc.property(anyAddress, (n) => {
        if (inV4Block(n) || n === 2 ** 32 - 1) return;
        for (const spelled of spellings(n).slice(0, 8)) {
          expect(nonPublicHostReason(spelled), spelled).toBeNull();
          expect(contactableUrl(`https://${spelled}/a.png`, new Set(), false)).toBe(
            `https://${toDotted(n)}/a.png`,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("names the kind of address in the refusal", () => {
    expect(nonPublicHostReason("0x7f.1")).toBe("127.0.0.1 is a loopback address");
    expect(nonPublicHostReason("100.64.0.1")).toMatch(/carrier-grade NAT/);
    expect(nonPublicHostReason("224.0.0.1")).toMatch(/multicast/);
    expect(nonPublicHostReason("255.255.255.255")).toMatch(/broadcast/);
  });
});

describe("IPv6", () => {
  it.each([
    "::",
    "::1",
    "::ffff:8.8.8.8",
    "::ffff:7f00:1",
    "::8.8.8.8",
    "64:ff9b::8.8.8.8",
    "64:ff9b:1::1",
    "100::1",
    "2001::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:2::1",
    "2001:1ff::1",
    "2001:db8::1",
    "2002:7f00:1::1",
    "2002:a00:1::1",
    "2002:c0a8:101::1",
    "2002:6440:1::1",
    "3fff::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "febf::1",
    "fec0::1",
    "ff02::1",
    "ff05::1:3",
  ])("%s is shown as text, never loaded, and refused for media", (host) => {
    refusedEverywhere(`[${host}]`);
  });

  it.each(["2606:4700:4700::1111", "2a00:1450:4001::200e", "2002:808:808::1"])(
    "%s (global unicast, or 6to4 of a public IPv4) is public",
    (host) => {
      expect(nonPublicHostReason(`[${host}]`)).toBeNull();
      expect(contactableUrl(`https://[${host}]/a.png`, new Set(), false)).toBe(`https://[${host}]/a.png`);
    },
  );

  it("a 6to4 address is judged by the IPv4 address inside it", () => {
    expect(nonPublicHostReason("[2002:c0a8:101::1]")).toBe(
      "2002:c0a8:101::1 is the 6to4 address of 192.168.1.1, a private-range address",
    );
  });
});

describe("names", () => {
  it.each([
    "localhost",
    "LOCALHOST.",
    "app.localhost",
    "intranet",
    "printer.local",
    "db.internal",
    "router.home.arpa",
    "x.invalid",
  ])("%s is not public", (host) => {
    refusedEverywhere(host);
  });

  it("a public name is public", () => {
    expect(nonPublicHostReason("cdn.example.com")).toBeNull();
    expect(contactableUrl("https://cdn.example.com/a.png", new Set(), false)).toBe(
      "https://cdn.example.com/a.png",
    );
  });
});

describe("the inbox page", () => {
  const ctx: RenderContext = { ownHosts: new Set(), clean: (text) => text };
  const item = (media: string, destination: string, thumbnail?: string): InboxItem =>
    ({
      id: "item-1",
      requester: { pid: 1, host: "h" },
      createdAt: Date.now(),
      state: "pending",
      request: {
        id: "apr_1",
        tool: "push-creative",
        fingerprint: "sha256:1",
        askedAt: Date.now(),
        expiresAt: Date.now() + 60_000,
        message: "Create an ACTIVE ad",
        summary: {
          account_id: "act_1",
          adset_id: "2",
          media,
          destination,
          headline: "Spring",
          status: "ACTIVE",
          ...(thumbnail ? { thumbnail } : {}),
        },
      },
    }) as InboxItem;

  it.each([
    "https://100.64.0.1/a.png",
    "https://198.18.0.1/a.png",
    "https://224.0.0.1/a.png",
    "https://255.255.255.255/a.png",
    "https://[64:ff9b::a00:1]/a.png",
    "https://[2002:c0a8:101::1]/a.png",
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/a.png",
    "https://0xa9.0xfe.0xa9.0xfe/latest",
    "https://3232235777/a.png",
  ])("an image, thumbnail or destination at %s is text: no img, no video link, no link", (url) => {
    for (const html of [
      renderItem(item(`image ${url}`, url), ctx),
      renderItem(item("video https://cdn.example.com/v.mp4", url, url), ctx),
      renderItem(item(`video ${url}`, url, "https://cdn.example.com/t.png"), ctx),
    ]) {
      const host = new URL(url).host;
      expect(html).not.toMatch(new RegExp(`(src|href)="[^"]*${host.replace(/[.[\]]/g, "\\$&")}`));
      expect(html).toContain("https://");
    }
    expect(renderItem(item(`image ${url}`, url), ctx)).toMatch(/No preview/);
  });

  it("a public image is loaded and a public destination is a link", () => {
    const html = renderItem(item("image https://8.8.8.8/a.png", "https://[2606:4700::1111]/shop"), ctx);
    expect(html).toContain('src="https://8.8.8.8/a.png"');
    expect(html).toContain('href="https://[2606:4700::1111]/shop"');
  });
});
