// A fake SMTP server for the mail tests: just enough of the protocol to
// accept messages and hand their data to the test.
import { createServer, type Server, type Socket } from 'node:net';

/** Just enough of an SMTP server to accept messages. */
export function fakeSmtp(received: string[]): Server {
  return createServer((sock: Socket) => {
    let buf = '';
    let data: string | null = null;
    sock.write('220 fake ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString();
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            sock.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = '';
          sock.write('354 go on\r\n');
        } else if (verb === 'QUIT') sock.end('221 bye\r\n');
        else sock.write(verb === 'EHLO' || verb === 'HELO' ? '250 fake\r\n' : '250 ok\r\n');
      }
    });
  });
}
