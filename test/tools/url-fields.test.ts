import { describe, expect, it } from "vitest";
import { z } from "zod";
import { publicUri, uri } from "../../src/tools/fields.js";

const messages = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("uri and publicUri", () => {
  it("send the URL as z.url() did: trimmed, without tabs and newlines", () => {
    for (const field of [uri(), publicUri()]) {
      expect(field.parse(" https://cdn.example.com/a\tb.png\n")).toBe("https://cdn.example.com/ab.png");
      expect(field.parse("HTTPS://Example.com/x")).toBe("HTTPS://Example.com/x");
    }
  });

  it("refuse what is not an absolute http(s) URL with one message", () => {
    for (const value of [
      "http:example.com",
      "https:/x.com/a",
      "ftp://x.com/a",
      "javascript:alert(1)",
      "not a url",
      "",
    ]) {
      expect(messages(uri(), value)).toEqual(["must be an absolute http(s) URL"]);
      expect(messages(publicUri(), value)).toEqual(["must be an absolute http(s) URL"]);
    }
  });

  it("refuse private hosts for media only", () => {
    for (const value of [
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "http://10.1.2.3/",
      "https://localhost/a",
    ]) {
      expect(messages(publicUri(), value)).toEqual([
        "must be a public URL (no loopback, link-local or private-range host)",
      ]);
      expect(messages(uri(), value)).toEqual([]);
    }
  });

  it("show format uri in the JSON Schema", () => {
    for (const field of [uri(), publicUri()]) {
      expect(z.toJSONSchema(field)).toMatchObject({ type: "string", format: "uri" });
    }
  });
});
