// The line protocol of the node references: one JSON request a line on stdin, one JSON answer a
// line on stdout. An exception becomes {"error": its first line}, so one file a parser refuses
// stops nothing.
import { createInterface } from "node:readline";

export async function serveLines(answer) {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    let reply;
    try {
      reply = answer(JSON.parse(line));
    } catch (err) {
      reply = { error: String(err.message).split("\n")[0] };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
}
