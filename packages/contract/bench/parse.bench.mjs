// Micro-benchmark of EmissaoRequestSchema.safeParse on dist/ (run `pnpm build` first):
//   node bench/parse.bench.mjs
// Reports CPU time per parse (process.cpuUsage: user + system), not wall time, because the
// machine is shared. When dist has the fast path, it also reports the same schema with the fast
// path switched off (plain zod objects), so one run shows before and after.
import { EmissaoRequestSchema } from '../dist/index.js';

let setFastParse;
try {
  ({ setFastParse } = await import('../dist/fast-parse/index.js'));
} catch {
  setFastParse = undefined; // a dist built before the fast path
}

const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

/** Same shape as apps/api/test/helpers/emission.ts's emissionRequest (decimals as strings). */
function item(n) {
  const tributo = (tax_domain, cst, aliquota, valor) => ({
    tax_domain,
    cst,
    base_calc: '21.00',
    base_calc_percent: '100',
    aliquota,
    valor,
    rule_id: RULE_ID,
  });
  return {
    codigo: `P${n}`,
    descricao: `Produto de teste ${n} & cia <ltda>`,
    ncm: '61091000',
    cfop: '5102',
    unidade_comercial: 'UN',
    unidade_tributavel: 'UN',
    quantidade: '2',
    valor_unitario: '10.50',
    fiscal_result: {
      cfop: '5102',
      consumidor_final: true,
      indicador_ie: '9',
      cst: '00',
      origem: '0',
      tributos: [
        tributo('icms', '00', '18.00', '3.78'),
        tributo('pis', '01', '1.65', '0.35'),
        tributo('cofins', '01', '7.60', '1.60'),
      ],
    },
  };
}

function emissionRequest(count) {
  return {
    tenant_ref: 'tenant-1',
    branch_ref: 'branch-1',
    serie: 1,
    ambiente: 'homologacao',
    uf_destino_tipo: 'interna',
    ver_proc: 'emissor-tests 1.0',
    emitente: {
      cnpj: '12345678000195',
      razao_social: 'EMPRESA DE TESTE LTDA',
      nome_fantasia: 'TESTE',
      ie: '123456789012',
      crt: '3',
      address_street: 'Rua dos Testes',
      address_number: '100',
      address_district: 'Centro',
      address_city: 'Sao Paulo',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    destinatario: {
      nome: 'Cliente de Teste',
      cpf: '12345678909',
      indicador_ie: '9',
      address_street: 'Avenida Paulista',
      address_number: '1000',
      address_district: 'Bela Vista',
      address_city: 'Sao Paulo',
      address_city_ibge_code: '3550308',
      address_state: 'SP',
      address_zip: '01310100',
    },
    itens: Array.from({ length: count }, (_, i) => item(i + 1)),
    pagamento: { tpag: '01', valor: (21 * count).toFixed(2) },
  };
}

/** Median CPU µs per parse over `rounds` rounds of `reps` parses each (after a warm-up). */
function measure(body, reps, rounds = 15) {
  for (let i = 0; i < reps * 3; i++) EmissaoRequestSchema.safeParse(body);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < reps; i++) {
      if (!EmissaoRequestSchema.safeParse(body).success) throw new Error('bench body is invalid');
    }
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / reps);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const fmt = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
const cases = [
  { items: 10, reps: 200 },
  { items: 990, reps: 3 },
];
const modes = setFastParse
  ? [
      ['plain zod', false],
      ['fast path', true],
    ]
  : [['(no fast path in dist)', null]];

for (const { items, reps } of cases) {
  const body = emissionRequest(items);
  const row = [`${String(items).padStart(3)} items`];
  for (const [label, enabled] of modes) {
    if (setFastParse) setFastParse(enabled);
    row.push(`${label}: ${fmt(measure(body, reps))}`);
  }
  console.log(row.join('  |  '));
}
if (setFastParse) setFastParse(true);
