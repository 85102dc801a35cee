import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Request {
  method: string;
  path: string;
  /** The signature's access key id, read from the Authorization header. */
  accessKeyId: string | null;
  contentType: string | null;
}

/** The body of an `aws-chunked` upload: each chunk's size line, its bytes, and a signature or trailer. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = Number.parseInt(raw.subarray(at, eol).toString().split(';')[0], 16);
    if (!size) return Buffer.concat(parts);
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A stand-in for an S3-compatible store on a local port, path-style (`/{bucket}/{key}`): it keeps the
 * objects put in it with their type, answers GET and DELETE as S3 does (NoSuchKey as XML), and
 * records every request.
 */
export class FakeS3 {
  readonly objects = new Map<string, { data: Buffer; contentType: string }>();
  readonly received: S3Request[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      const auth = req.headers.authorization ?? '';
      this.received.push({
        method: req.method!,
        path,
        accessKeyId: /Credential=([^/]+)\//.exec(auth)?.[1] ?? null,
        contentType: req.headers['content-type'] ?? null,
      });
      const body = await read(req);
      if (req.method === 'PUT') {
        const chunked = String(req.headers['content-encoding'] ?? '').includes('aws-chunked');
        this.objects.set(path, {
          data: chunked ? unchunk(body) : body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        });
        return res.writeHead(200, { etag: '"fake"' }).end();
      }
      if (req.method === 'DELETE') {
        this.objects.delete(path);
        return res.writeHead(204).end();
      }
      const found = this.objects.get(path);
      if (!found)
        return res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
          );
      res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.data.length }).end(found.data);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
