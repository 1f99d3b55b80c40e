// A login flood from its own process, so that the load generator measuring other requests does not
// share its event loop with it. It says 'ready' once loaded, so that its start-up is not part of a
// measurement; then each message { url, seconds, emails, password } runs one flood and is answered
// with its LoadResult. It leaves when its parent disconnects.
import { load } from './load.ts';

interface FloodOrder {
  url: string;
  seconds: number;
  emails: string[];
  password: string;
}

async function flood(msg: FloodOrder): Promise<void> {
  let e = 0;
  const result = await load({
    url: msg.url,
    seconds: msg.seconds,
    connections: 20,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => {
      e = (e + 1) % msg.emails.length;
      return {
        ...req,
        method: 'POST',
        body: JSON.stringify({ email: msg.emails[e], password: msg.password, userGeolocation: null }),
      } as typeof req;
    },
  });
  process.send!(result);
}

process.on('message', (msg: FloodOrder) => void flood(msg));
process.once('disconnect', () => process.exit(0));
process.send!('ready');
