// Benchmark: ms per DANFE (nfeProc → PDF bytes) at 1, 10, 100 and 990 items, with the compiled
// libraries (run `pnpm build` first). Usage: node packages/danfe/bench/render.bench.mjs [seconds]
import { buildNfe } from '@emissor/nfe-xml';
import { readPkcs12, signNfe } from '@emissor/signer';
import { generateTestPfx, regimeNormalItem } from '@emissor/test-support';

import { renderDanfe } from '../dist/index.js';

/** Items as the API's emission tests send them: ICMS 00, PIS, COFINS; every 7th description wraps. */
const item = (n) =>
  regimeNormalItem(n, {
    descricao:
      n % 7 === 0
        ? `CAMISETA ALGODÃO Nº ${n} COM DESCRIÇÃO LONGA QUE OCUPA MAIS DE UMA LINHA NA COLUNA DE DESCRIÇÃO`
        : `CAMISETA ALGODÃO Nº ${n}`,
  });

const pfx = generateTestPfx({ cnpj: '58716523000119' });
const credentials = readPkcs12(pfx.pfx, pfx.password);

function nfeProc(items) {
  const { xml, chave } = buildNfe({
    serie: 1,
    ambiente: 'producao',
    uf_destino_tipo: 'interna',
    ver_proc: 'bench',
    emitente: {
      cnpj: '58716523000119',
      razao_social: 'CONFECÇÕES ARAÚJO & FILHOS LTDA',
      ie: '112006603110',
      crt: '3',
      address_street: 'Rua São João',
      address_number: '100',
      address_district: 'Centro',
      address_city: 'São Paulo',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    destinatario: { nome: 'Maria da Conceição', indicador_ie: '9', cpf: '12345678909' },
    itens: Array.from({ length: items }, (_, i) => item(i + 1)),
    pagamento: { tpag: '01', valor: `${21 * items}.00` },
    numero: 26,
    codigoNumerico: '40718293',
    issuedAt: new Date('2026-11-21T22:30:00Z'),
  });
  const signed = signNfe(xml, credentials);
  return (
    '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
    signed +
    `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>bench</verAplic><chNFe>${chave}</chNFe>` +
    '<dhRecbto>2026-11-21T19:30:05-03:00</dhRecbto><nProt>135260000012345</nProt>' +
    '<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>'
  );
}

const seconds = Number(process.argv[2] ?? 2);
console.log(`renderDanfe, ${seconds} s per size after warm-up (Node ${process.version})`);
console.log('items  sheets   PDF bytes   ms/op wall   ms/op CPU   iterations');
for (const items of [1, 10, 100, 990]) {
  const xml = nfeProc(items);
  const first = await renderDanfe(xml);
  const sheets = (
    Buffer.from(first)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;
  const warm = performance.now();
  while (performance.now() - warm < 300) await renderDanfe(xml);
  let iterations = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < seconds * 1000 || iterations < 3) {
    await renderDanfe(xml);
    iterations++;
  }
  const wall = (performance.now() - start) / iterations;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / iterations;
  console.log(
    `${String(items).padStart(5)}  ${String(sheets).padStart(6)}  ${String(first.length).padStart(10)}  ${wall.toFixed(2).padStart(11)}  ${cpuMs.toFixed(2).padStart(10)}  ${String(iterations).padStart(11)}`,
  );
}
