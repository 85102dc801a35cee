import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { smtpMail } from './mail';

// A mail server that stops answering never holds a send for long (issue 29, item 1): one that took
// the connection and then said nothing held a list email's batch, its transaction and every Cancel
// behind it for the ten minutes of nodemailer's default. The timeouts here are the product's, scaled
// down so the test takes a second.

const sockets = new Set<Socket>();
const silentServer = (greet: boolean) =>
  new Promise<Server>((resolve) => {
    const server = createServer((socket) => {
      sockets.add(socket);
      if (greet) socket.write('220 mail.example.test ESMTP\r\n');
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

let mute: Server;
let stalls: Server;
beforeAll(async () => {
  [mute, stalls] = await Promise.all([silentServer(false), silentServer(true)]);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([mute, stalls].map((s) => new Promise((r) => s.close(r))));
});

const send = (server: Server) => {
  const { port } = server.address() as AddressInfo;
  const mail = smtpMail(`smtp://127.0.0.1:${port}`, 'Forecourt <no-reply@forecourt.test>', {
    connectionTimeout: 500,
    greetingTimeout: 500,
    socketTimeout: 500,
  });
  const started = performance.now();
  return mail
    .send(null as unknown as Db, { to: 'rosa@example.test', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' })
    .then(
      () => ({ failed: false, ms: performance.now() - started }),
      (error: Error) => ({ failed: true, ms: performance.now() - started, message: error.message }),
    );
};

it('gives up on a mail server that accepts the connection and never greets', async () => {
  const outcome = await send(mute);
  expect(outcome).toMatchObject({ failed: true });
  expect(outcome.ms).toBeLessThan(3000);
});

it('gives up on a mail server that greets and then never answers', async () => {
  const outcome = await send(stalls);
  expect(outcome).toMatchObject({ failed: true });
  expect(outcome.ms).toBeLessThan(3000);
});
