import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let made: { key: Buffer; cert: Buffer } | undefined;

/** A self-signed certificate for an https test server, made with openssl once per test file. */
export function testCertificate(): { key: Buffer; cert: Buffer } {
  if (made) return made;
  // A folder of its own: test files run in parallel and must not read each other's half-written key.
  const dir = mkdtempSync(join(tmpdir(), "adrails-tls-"));
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "30",
      "-subj",
      "/CN=cdn.example.com",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  made = { key: readFileSync(key), cert: readFileSync(cert) };
  return made;
}
