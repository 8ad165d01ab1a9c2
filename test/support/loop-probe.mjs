// A small process that asks a server's /healthz every few milliseconds and remembers the slowest
// answer, so a test can see how long the server's event loop was held without measuring in its own
// process, whose garbage collection would count too. Messages: 'reset' clears the slowest answer;
// 'read' is answered with { slowestMs, answers }.
import { Agent, request } from 'node:http';

const url = new URL('/healthz', process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let slowest = 0;
let answers = 0;
let stopped = false;
/** Called once the question under way is answered (a read waits for it: it may be the slow one). */
let onAnswer = null;

function ask() {
  if (stopped) return;
  const started = performance.now();
  const req = request(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => {
      slowest = Math.max(slowest, performance.now() - started);
      answers++;
      const waiting = onAnswer;
      onAnswer = null;
      waiting?.();
      setTimeout(ask, 5);
    });
  });
  req.on('error', () => setTimeout(ask, 50));
  req.end();
}

process.on('message', (message) => {
  if (message === 'reset') {
    slowest = 0;
    answers = 0;
  } else if (message === 'read') {
    onAnswer = () => process.send?.({ slowestMs: slowest, answers });
  } else if (message === 'stop') {
    stopped = true;
    agent.destroy();
    process.disconnect();
  }
});
ask();
