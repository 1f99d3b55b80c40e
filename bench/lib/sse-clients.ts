// A child process holding many GET /api/accounts/stream clients (so their parsing does not run on
// the server's event loop). Messages from the parent: { type: 'open', url, tokens } and
// { type: 'close' }. To the parent: { type: 'ready', opened, failed } once every stream answered,
// and { type: 'events', items: [accountId, receivedAtMs][] } every 20 ms while events arrive.
import http from 'node:http';

type FromParent = { type: 'open'; url: string; tokens: string[] } | { type: 'close' };

const now = () => performance.timeOrigin + performance.now();
const requests: http.ClientRequest[] = [];
let buffer: Array<[string, number]> = [];

function openOne(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(false);
        return;
      }
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk: string) => {
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const frame = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (!frame.startsWith('event: account\n')) continue;
          const data = frame.slice(frame.indexOf('data: ') + 6);
          buffer.push([(JSON.parse(data) as { accountId: string }).accountId, now()]);
        }
      });
      resolve(true);
    });
    req.on('error', () => resolve(false));
    requests.push(req);
  });
}

setInterval(() => {
  if (!buffer.length) return;
  process.send!({ type: 'events', items: buffer });
  buffer = [];
}, 20);

async function openAll(url: string, tokens: string[]): Promise<void> {
  let opened = 0;
  let failed = 0;
  // 50 at a time: a burst of a thousand connects would only measure the listen backlog.
  for (let i = 0; i < tokens.length; i += 50) {
    const results = await Promise.all(tokens.slice(i, i + 50).map((t) => openOne(url, t)));
    for (const ok of results) {
      if (ok) opened++;
      else failed++;
    }
  }
  process.send!({ type: 'ready', opened, failed });
}

process.on('message', (msg: FromParent) => {
  if (msg.type === 'open') {
    void openAll(msg.url, msg.tokens);
    return;
  }
  for (const r of requests) r.destroy();
  process.exit(0);
});
process.on('disconnect', () => process.exit(0));
