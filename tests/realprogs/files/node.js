// node: the event loop (libuv: epoll, eventfd, timers), promises, fs, zlib, a child process.
const fs = require("fs");
const zlib = require("zlib");
const { execFileSync } = require("child_process");
const crypto = require("crypto");
fs.writeFileSync("node-out.txt", "written by node\n".repeat(100));
const data = fs.readFileSync("node-out.txt");
console.log(data.length, crypto.createHash("sha256").update(data).digest("hex"));
console.log(zlib.gunzipSync(zlib.gzipSync(data)).equals(data));
console.log(execFileSync("sh", ["-c", "echo from a child"]).toString().trim());
Promise.resolve(42).then((v) => console.log("promise", v));
fs.promises.readFile("node-out.txt").then((b) => {
  console.log("async read", b.length);
  setTimeout(() => console.log("timer", Date.now() > 1e12), 20);
});
