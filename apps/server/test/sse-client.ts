import http from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
  /** performance.timeOrigin + performance.now() when it arrived. */
  at: number;
}

export interface SseStream {
  status: number;
  /** The error body of a refused stream. */
  body: string;
  events: SseEvent[];
  /** Comment lines received (`: …`), heartbeats included. */
  comments: number;
  ended: boolean;
  /** Resolves when the server ended the stream. */
  end: Promise<void>;
  waitFor(predicate: (s: SseStream) => boolean, timeoutMs?: number): Promise<boolean>;
  close(): void;
}

const nowMs = () => performance.timeOrigin + performance.now();

/**
 * A minimal server-sent-events client over node:http (as the web reads the stream: fetch with a
 * bearer header and a line parser). Resolves once the response head arrived.
 */
export function openStream(baseUrl: string, token: string, path = '/api/accounts/stream'): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}${path}`,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false },
      (res) => {
        let endResolve!: () => void;
        const stream: SseStream = {
          status: res.statusCode ?? 0,
          body: '',
          events: [],
          comments: 0,
          ended: false,
          end: new Promise<void>((r) => (endResolve = r)),
          async waitFor(predicate, timeoutMs = 2000) {
            const deadline = Date.now() + timeoutMs;
            while (!predicate(stream)) {
              if (Date.now() > deadline) return false;
              await new Promise((r) => setTimeout(r, 10));
            }
            return true;
          },
          close() {
            req.destroy();
          },
        };
        const finish = () => {
          if (stream.ended) return;
          stream.ended = true;
          endResolve();
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
        res.setEncoding('utf8');
        if (stream.status !== 200) {
          res.on('data', (chunk: string) => (stream.body += chunk));
          res.on('end', () => resolve(stream));
          return;
        }
        let buffer = '';
        let event = 'message';
        let data: string[] = [];
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).replace(/\r$/, '');
            buffer = buffer.slice(nl + 1);
            if (line === '') {
              if (data.length) stream.events.push({ event, data: data.join('\n'), at: nowMs() });
              event = 'message';
              data = [];
            } else if (line.startsWith(':')) {
              stream.comments++;
            } else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'event') event = value;
              else if (field === 'data') data.push(value);
            }
          }
        });
        resolve(stream);
      },
    );
    req.on('error', reject);
  });
}
