// Appends N audit entries to the fleet's audit stream from its own process: several run at once.
import { redisInbox } from "../../../dist/inbox/index.js";

const [url, who, n] = process.argv.slice(2);
const { queue, audit } = redisInbox({ url });
for (let i = 0; i < Number(n); i++) {
  await audit.append({
    at: new Date().toISOString(),
    event: "outcome",
    id: `${who}-${i}`,
    tool: "push-creative",
    fingerprint: "fp_x",
    channel: "inbox",
  });
}
await queue.shutdown();
