import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpMailer } from './mailer.js';

/** A minimal SMTP server on loopback (no TLS, no auth): records each message's DATA. */
function smtpServer() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, messages };
}

describe('smtpMailer', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('sends over SMTP_URL, loading the transport with the first mail', async () => {
    const { server, messages } = smtpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'League <no-reply@league.example>');
    expect(mailer.kind).toBe('smtp');

    const message = { channelId: 1, html: '<p>Hi</p>', text: 'Hi' };
    await mailer.send({ ...message, to: 'a@example.com', subject: 'First' });
    await mailer.send({ ...message, to: 'b@example.com', subject: 'Second' });

    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('Subject: First');
    expect(messages[0]).toContain('To: a@example.com');
    expect(messages[1]).toContain('Subject: Second');
  });
});
