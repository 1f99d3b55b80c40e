// A login flood from its own process, so that the load generator measuring other requests does not
// share its event loop with it: message { url, seconds, emails, password } in, the LoadResult out.
import { load } from './load.ts';

async function flood(msg: { url: string; seconds: number; emails: string[]; password: string }): Promise<void> {
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
  process.send!(result, () => process.exit(0));
}

process.once('message', (msg: Parameters<typeof flood>[0]) => void flood(msg));
