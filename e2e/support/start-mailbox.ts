/**
 * A real SMTP server on 127.0.0.1 (npm smtp-server, as the API suite uses) for the browser
 * suite's Google server, with what it received readable over HTTP: `GET /mail?to=<address>`
 * answers the text of every mail to that address, oldest first.
 */
import { createServer } from 'node:http';
import { mailText, startSmtpServer } from '../../apps/server/src/test/smtp.ts';

const smtp = await startSmtpServer({ port: Number(process.env.SMTP_PORT) });

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const to = url.searchParams.get('to');
  if (url.pathname !== '/mail' && url.pathname !== '/') {
    response.writeHead(404).end();
    return;
  }
  const mails = smtp.received.filter((mail) => !to || mail.to.includes(to)).map((mail) => mailText(mail.raw));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
}).listen(Number(process.env.MAILBOX_PORT), '127.0.0.1');
