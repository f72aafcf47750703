// A body field the contract does not know is a 422 extra_forbidden at its exact place, on every
// route, and changes nothing: a misspelt field meant for the NF-e (`valor_descontos` for a
// discount) must never issue a legal document without it.
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EMITTER_CNPJ, emissionRequest, newKey } from './helpers/emission.js';
import { testPfx } from './helpers/certificates.js';
import { refusalBranch, type RefusalBranch } from './helpers/refusals.js';
import { startTestServer, type TestProduct, type TestServer } from './helpers/server.js';

let server: TestServer;
let branch: RefusalBranch;
let product: TestProduct;
const refs = { tenant_ref: 'extras', branch_ref: 'matriz' };

beforeAll(async () => {
  server = await startTestServer();
  branch = await refusalBranch(server, refs, 1);
  product = branch.product;
});
afterAll(() => server.close());

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: path.startsWith('/v1/series/') ? 'PATCH' : 'POST',
    headers: { 'x-api-key': product.apiKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function count(table: string): Promise<number> {
  const { rows } = await server.database.pool.query<{ n: string }>(
    `select count(*) as n from ${table} where product_id = $1`,
    [product.id],
  );
  return Number(rows[0]!.n);
}

type Body = ReturnType<typeof emissionRequest> & Record<string, any>;

describe('an emission with a field the contract does not know', () => {
  it.each<[string, (body: Body) => void, (string | number)[]]>([
    [
      'a misspelt item discount',
      (b) => ((b.itens[0] as any).valor_descontos = '1.00'),
      ['itens', 0, 'valor_descontos'],
    ],
    ['a top-level field', (b) => (b.observacao = 'entregar pela manhã'), ['observacao']],
    ['an emitente field', (b) => ((b.emitente as any).email = 'a@b.c'), ['emitente', 'email']],
    [
      'a destinatario field',
      (b) => ((b.destinatario as any).telefone = '11999999999'),
      ['destinatario', 'telefone'],
    ],
    [
      'a fiscal_result field',
      (b) => ((b.itens[0]!.fiscal_result as any).cst_ipi = '50'),
      ['itens', 0, 'fiscal_result', 'cst_ipi'],
    ],
    [
      'a tax line field',
      (b) => ((b.itens[0]!.fiscal_result.tributos[1] as any).aliquota_reduzida = '0.65'),
      ['itens', 0, 'fiscal_result', 'tributos', 1, 'aliquota_reduzida'],
    ],
    ['a pagamento field', (b) => ((b.pagamento as any).parcelas = 3), ['pagamento', 'parcelas']],
  ])('%s → 422 extra_forbidden there, no document, no number', async (_label, add, at) => {
    const body = emissionRequest(refs) as Body;
    add(body);

    const res = await post('/v1/emissoes', body, { 'idempotency-key': newKey() });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        loc: ['body', ...at],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      },
    ]);
    await branch.expectNothingChanged();
  });

  it('names every unknown field at once', async () => {
    const body = emissionRequest(refs) as Body;
    body.desconto = '1.00';
    (body.itens[0] as any).valor_descontos = '1.00';
    const res = await post('/v1/emissoes', body, { 'idempotency-key': newKey() });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: unknown }) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'desconto'],
        ['body', 'itens', 0, 'valor_descontos'],
      ]),
    );
  });

  it('the same body without it is issued', async () => {
    const res = await post('/v1/emissoes', emissionRequest(refs), { 'idempotency-key': newKey() });
    expect(res.status).toBe(201);
  });
});

describe('the other routes with a body', () => {
  it('series: creation and patch', async () => {
    const before = await count('series');
    const created = await post('/v1/series', { ...refs, serie: 7, next_number: 1, modelo: '55' });
    expect(created.status).toBe(422);
    expect(created.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'modelo'], type: 'extra_forbidden' }),
    ]);
    expect(await count('series')).toBe(before);

    const { rows } = await server.database.pool.query<{ id: string }>(
      'select id from series where product_id = $1 and serie = 1',
      [product.id],
    );
    const patched = await post(`/v1/series/${rows[0]!.id}`, { next_number: 50, serie: 2 });
    expect(patched.status).toBe(422);
    expect(patched.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'serie'], type: 'extra_forbidden' }),
    ]);
  });

  it('events and inutilização', async () => {
    const document = randomUUID();
    const key = { 'idempotency-key': newKey() };
    for (const [path, body, extra] of [
      [
        `/v1/documentos/${document}/cancelamento`,
        { justificativa: 'Pedido cancelado pelo cliente', motivo: 'x' },
        'motivo',
      ],
      [
        `/v1/documentos/${document}/cartas-correcao`,
        { correcao: 'Corrige o endereço de entrega', condicao: 'x' },
        'condicao',
      ],
      [
        '/v1/inutilizacoes',
        {
          ...refs,
          serie: 1,
          numero_inicial: 1,
          numero_final: 1,
          justificativa: 'Numeração pulada por falha',
          ambiente: 'homologacao',
          uf: 'SP',
          modelo: '55',
        },
        'modelo',
      ],
    ] as const) {
      const res = await post(path, body, key);
      expect(res.status, path).toBe(422);
      expect(res.body.detail, path).toEqual([
        expect.objectContaining({ loc: ['body', extra], type: 'extra_forbidden' }),
      ]);
    }
  });

  it('certificate upload: an unknown form field is refused without echoing it', async () => {
    const before = await count('certificates');
    const pfx = testPfx({ cnpj: EMITTER_CNPJ });
    const form = new FormData();
    form.set('cnpj', EMITTER_CNPJ);
    form.set('password', pfx.password);
    // A misspelt password field would otherwise be dropped; it may hold the password itself.
    form.set('senha', pfx.password);
    form.set('file', new Blob([pfx.pfx]), 'cert.pfx');
    const res = await fetch(
      `${server.url}/v1/certificados?${new URLSearchParams({ ...refs, branch_ref: 'filial' }).toString()}`,
      { method: 'POST', headers: { 'x-api-key': product.apiKey }, body: form },
    );
    const text = await res.text();
    expect(res.status).toBe(422);
    expect(JSON.parse(text).detail).toEqual([
      { loc: ['body', 'senha'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
    expect(text).not.toContain(pfx.password);
    expect(await count('certificates')).toBe(before);
  });
});
