import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/node-web.js
async function sendWeb(res, response) {
  const headers = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => {
  }));
  try {
    for (; ; ) {
      const { done, value } = await reader.read();
      if (done)
        break;
      res.write(value);
    }
  } catch {
  }
  res.end();
}
__name(sendWeb, "sendWeb");

export {
  sendWeb
};
