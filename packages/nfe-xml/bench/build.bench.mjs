// Benchmark: build a 990-item NF-e with the compiled library (run `pnpm build` first).
// Usage: node packages/nfe-xml/bench/build.bench.mjs [iterations]
import { buildNfe, prepareNfe } from '../dist/index.js';

const RULE_ID = '00000000-0000-4000-8000-000000000000';
const line = (tax_domain, fields) => ({
  tax_domain,
  base_calc: '0',
  base_calc_percent: '100',
  valor: '0',
  rule_id: RULE_ID,
  ...fields,
});

const itens = Array.from({ length: 990 }, (_, i) => ({
  codigo: `P${i}`,
  descricao: `PRODUTO NUMERO ${i} & CIA <TESTE>`,
  ncm: '64011000',
  cfop: '5102',
  unidade_comercial: 'UN',
  unidade_tributavel: 'UN',
  quantidade: '3.5',
  valor_unitario: '19.99',
  gtin: '7891000315507',
  fiscal_result: {
    cfop: '5102',
    consumidor_final: true,
    indicador_ie: '9',
    cst: '10',
    tributos: [
      line('icms', { cst: '10', base_calc: '69.97', aliquota: '18', valor: '12.59' }),
      line('fcp', { base_calc: '69.97', fcp_percent: '2', valor: '1.40' }),
      line('icms_st', { base_calc: '90.00', aliquota_st: '18', valor: '3.61', mva: '40' }),
      line('pis', { cst: '01', base_calc: '69.97', aliquota: '1.65', valor: '1.15' }),
      line('cofins', { cst: '01', base_calc: '69.97', aliquota: '7.6', valor: '5.32' }),
      line('ipi', { cst: '50', base_calc: '69.97', aliquota: '5', valor: '3.50' }),
    ],
  },
}));

const request = {
  serie: 1,
  emitente: {
    cnpj: '58716523000119',
    razao_social: 'EMPRESA TESTE LTDA',
    ie: '112006603110',
    crt: '3',
    address_street: 'Rua dos Testes',
    address_number: '100',
    address_district: 'Centro',
    address_city: 'SAO PAULO',
    address_state: 'SP',
    address_zip: '01001000',
    address_city_ibge_code: '3550308',
  },
  destinatario: { nome: 'CLIENTE', indicador_ie: '9', cpf: '12345678909' },
  itens,
  pagamento: { tpag: '01', valor: '100000' },
  ambiente: 'producao',
  uf_destino_tipo: 'interna',
  ver_proc: 'bench',
};
const params = {
  numero: 123,
  codigoNumerico: '48151623',
  issuedAt: new Date('2026-11-21T22:30:00Z'),
};

function measure(name, iterations, fn) {
  for (let i = 0; i < Math.min(50, iterations); i++) fn(); // warm-up
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i++) fn();
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / iterations;
  const used = process.cpuUsage(cpu);
  // CPU time is reported too: on a loaded machine wall time includes waiting for a core.
  const cpuMs = (used.user + used.system) / 1000 / iterations;
  console.log(
    `${name.padEnd(30)} ${ms.toFixed(3)} ms/op wall, ${cpuMs.toFixed(3)} ms/op CPU  (${iterations} iterations)`,
  );
}

const iterations = Number(process.argv[2] ?? 300);
const { xml } = buildNfe({ ...request, ...params });
console.log(`document: 990 det, ${(xml.length / 1024).toFixed(0)} KiB`);
measure('buildNfe (prepare + render)', iterations, () => buildNfe({ ...request, ...params }));
measure('prepareNfe', iterations, () => prepareNfe(request));
const prepared = prepareNfe(request);
measure('prepared.render (per emission)', iterations * 10, () => prepared.render(params));

// The same document with IBS/CBS (2026 test rates) and IS on every item: the groups, vItem, the
// totals and the rule checks on top.
const rtc = (tax_domain, fields) =>
  line(tax_domain, {
    cst: '000',
    classificacao_tributaria: '000001',
    base_calc: '69.97',
    ...fields,
  });
const withRtc = {
  ...request,
  itens: itens.map((item) => ({
    ...item,
    fiscal_result: {
      ...item.fiscal_result,
      tributos: [
        ...item.fiscal_result.tributos,
        rtc('ibs_uf', { aliquota: '0.10', valor: '0.07' }),
        rtc('ibs_mun', { aliquota: '0', valor: '0' }),
        rtc('cbs', { aliquota: '0.90', valor: '0.63' }),
        rtc('is', { aliquota: '2', valor: '1.40' }),
      ],
    },
  })),
};
const rtcXml = buildNfe({ ...withRtc, ...params }).xml;
console.log(`with IBS/CBS/IS: 990 det, ${(rtcXml.length / 1024).toFixed(0)} KiB`);
measure('buildNfe with IBS/CBS/IS', iterations, () => buildNfe({ ...withRtc, ...params }));
