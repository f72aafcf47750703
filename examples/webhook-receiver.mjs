// A webhook receiver: verifies each delivery with the SDK, skips repeats, and answers 204.
//
//   EMISSOR_WEBHOOK_SECRET=whsec_… PORT=4000 node examples/webhook-receiver.mjs
//
// Register it (outside production, http to localhost is allowed):
//   curl -X POST localhost:3000/v1/webhooks -H "X-Api-Key: $EMISSOR_API_KEY" \
//     -H 'Content-Type: application/json' -d '{"url": "http://localhost:4000/webhooks/emissor"}'
// and keep the `secret` of the answer: it is shown only once. Then try it:
//   curl -X POST localhost:3000/v1/webhooks/<id>/teste -H "X-Api-Key: $EMISSOR_API_KEY"
import { createServer } from 'node:http';

import { verifyWebhook, WebhookVerificationError } from '@emissor/client';

const secret = process.env.EMISSOR_WEBHOOK_SECRET;
if (!secret) throw new Error('Set EMISSOR_WEBHOOK_SECRET to the secret POST /v1/webhooks answered');
// Previous secret during a rotation, if you rotate before every receiver has the new one.
const secrets = [secret, process.env.EMISSOR_WEBHOOK_SECRET_PREVIOUS].filter(Boolean);

// Deliveries are at least once: a repeat carries the same webhook-id. Keep the handled ids in your
// database in real life (with the effect, in one transaction); a Set is enough for an example.
const handled = new Set();

const server = createServer(async (req, res) => {
  if (req.method !== 'POST' || req.url !== '/webhooks/emissor') {
    res.writeHead(404).end();
    return;
  }
  // The raw bytes: the signature covers the body exactly as sent.
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);

  let message;
  for (const candidate of secrets) {
    try {
      message = await verifyWebhook(candidate, req.headers, body);
      break;
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
    }
  }
  if (!message) {
    res.writeHead(401).end('bad signature');
    return;
  }
  const id = req.headers['webhook-id'];
  if (!handled.has(id)) {
    handled.add(id);
    handle(message);
  }
  // Answer quickly (within 10 s): do slow work after answering, or in a queue of your own.
  res.writeHead(204).end();
});

function handle({ type, data }) {
  switch (type) {
    case 'documento.autorizado':
      console.log(`NF-e ${data.numero} autorizada: protocolo ${data.protocolo}`);
      break;
    case 'documento.rejeitado':
      console.log(`NF-e ${data.numero} rejeitada: ${data.rejeicao_codigo} ${data.rejeicao_motivo}`);
      break;
    default:
      console.log(`${type}: ${data.id}`);
  }
}

server.listen(Number(process.env.PORT ?? 4000), () =>
  console.log(`Listening on http://localhost:${server.address().port}/webhooks/emissor`),
);
