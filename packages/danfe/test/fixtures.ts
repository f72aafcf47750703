/*
 * Test documents: NF-e built by @emissor/nfe-xml from a realistic emission request (as
 * apps/api/test/helpers/emission.ts sends), extended by hand where the builder has no such group
 * yet (cobr, transporta/vol, infAdic, IBS/CBS/IS), signed with a generated test certificate and
 * wrapped in an nfeProc with a protocol as SEFAZ returns it.
 */
import {
  buildNfe,
  chaveAcesso,
  type NfeItem,
  type NfeRenderParams,
  type NfeRequest,
} from '@emissor/nfe-xml';
import { readPkcs12, signNfe } from '@emissor/signer';
import { generateTestPfx, regimeNormalItem } from '@emissor/test-support';

export const EMITTER_CNPJ = '58716523000119';

/** One item with ICMS 00, PIS and COFINS, as the API's emission tests send it (2 × 10.50). */
export function item(n: number, descricao?: string): NfeItem {
  const codigo = `P${String(n).padStart(3, '0')}`;
  return regimeNormalItem(n, {
    codigo,
    descricao: descricao ?? `CAMISETA ALGODÃO Nº ${n} REF-${codigo}`,
  });
}

/** A Regime Normal emitter in São Paulo selling to a person in SP; `items` items of 21.00. */
export function request(
  items: number | NfeItem[],
  overrides: Partial<NfeRequest> = {},
): NfeRequest {
  const itens =
    typeof items === 'number' ? Array.from({ length: items }, (_, i) => item(i + 1)) : items;
  const total = `${21 * itens.length}.00`;
  return {
    serie: 1,
    ambiente: 'producao',
    uf_destino_tipo: 'interna',
    ver_proc: 'emissor-tests 1.0',
    nat_op: 'Venda de mercadoria adquirida ou recebida de terceiros',
    emitente: {
      cnpj: EMITTER_CNPJ,
      razao_social: 'CONFECÇÕES ARAÚJO & FILHOS LTDA',
      nome_fantasia: 'ARAÚJO',
      ie: '112006603110',
      crt: '3',
      address_street: 'Rua São João',
      address_number: '1º andar',
      address_district: 'Centro',
      address_city: 'São Paulo',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
      fone: '1133334444',
    },
    destinatario: {
      nome: 'Maria da Conceição Ribeiro',
      cpf: '12345678909',
      indicador_ie: '9',
      address_street: 'Avenida Paulista',
      address_number: '1000',
      address_complement: 'Sala 12ª',
      address_district: 'Bela Vista',
      address_city: 'São Paulo',
      address_city_ibge_code: '3550308',
      address_state: 'SP',
      address_zip: '01310100',
    },
    itens,
    pagamento: { tpag: '01', valor: total },
    ...overrides,
  };
}

export const ISSUED_AT = new Date('2026-11-21T22:30:00Z');

/** Builds the unsigned NFe of a request (nNF 26, a fixed cNF and instant; `params` replace them). */
export function build(
  req: NfeRequest,
  params: Partial<NfeRenderParams> = {},
): { xml: string; chave: string } {
  return buildNfe({
    ...req,
    numero: 26,
    codigoNumerico: '40718293',
    issuedAt: ISSUED_AT,
    ...params,
  });
}

let credentials: ReturnType<typeof readPkcs12> | undefined;

/** Signs with a generated ICP-Brasil-shaped test certificate of the emitter's CNPJ. */
export function sign(xml: string): string {
  if (!credentials) {
    const pfx = generateTestPfx({ cnpj: EMITTER_CNPJ });
    credentials = readPkcs12(pfx.pfx, pfx.password);
  }
  return signNfe(xml, credentials);
}

/** Inserts `fragment` right before the first `before` (a tag) of `xml`. */
export function insertBefore(xml: string, before: string, fragment: string): string {
  const at = xml.indexOf(before);
  if (at < 0) throw new Error(`insertBefore: ${before} not found`);
  return xml.slice(0, at) + fragment + xml.slice(at);
}

/** infAdic (after pag, its place in infNFe). */
export function withAdditionalInfo(xml: string, info: { fisco?: string; cpl?: string }): string {
  const fisco = info.fisco ? `<infAdFisco>${info.fisco}</infAdFisco>` : '';
  const cpl = info.cpl ? `<infCpl>${info.cpl}</infCpl>` : '';
  return insertBefore(xml, '</infNFe>', `<infAdic>${fisco}${cpl}</infAdic>`);
}

/** A carrier, a vehicle and two volumes in place of `modFrete 9`. */
export function withTransport(xml: string): string {
  const transp =
    '<transp><modFrete>1</modFrete>' +
    '<transporta><CNPJ>06157250000116</CNPJ><xNome>TRANSPORTES JOÃO &amp; CIA LTDA</xNome><IE>112006603110</IE>' +
    '<xEnder>Rodovia dos Bandeirantes, km 23</xEnder><xMun>Jundiaí</xMun><UF>SP</UF></transporta>' +
    '<veicTransp><placa>ABC1D23</placa><UF>SP</UF><RNTC>12345678</RNTC></veicTransp>' +
    '<vol><qVol>3</qVol><esp>CAIXA</esp><marca>ARAÚJO</marca><nVol>1-3</nVol><pesoL>10.500</pesoL><pesoB>11.250</pesoB></vol>' +
    '<vol><qVol>2</qVol><esp>CAIXA</esp><marca>ARAÚJO</marca><nVol>4-5</nVol><pesoL>4.000</pesoL><pesoB>4.500</pesoB></vol>' +
    '</transp>';
  return xml.replace('<transp><modFrete>9</modFrete></transp>', transp);
}

/** cobr: an invoice and `count` installments (before pag, their place in infNFe). */
export function withBilling(xml: string, count: number): string {
  const dups = Array.from(
    { length: count },
    (_, i) =>
      `<dup><nDup>${String(i + 1).padStart(3, '0')}</nDup><dVenc>2026-12-${String((i % 28) + 1).padStart(2, '0')}</dVenc><vDup>1.00</vDup></dup>`,
  ).join('');
  return insertBefore(
    xml,
    '<pag>',
    `<cobr><fat><nFat>173</nFat><vOrig>${count}.00</vOrig><vDesc>0.00</vDesc><vLiq>${count}.00</vLiq></fat>${dups}</cobr>`,
  );
}

/**
 * NT 2025.002 groups by hand (ibs-cbs.md §1.2–1.4; a hand-made shape beside the builder's own output): per item
 * IS and IBSCBS after COFINS (2026 test rates: CBS 0.9 %, IBS UF 0.1 %, IBS Mun 0), the second
 * item with a rate reduction (gRed) so its effective rate prints; totals ISTot and IBSCBSTot after
 * ICMSTot.
 */
export function withIbsCbs(xml: string): string {
  let n = 0;
  const out = xml.replace(/<\/COFINS>/g, () => {
    n += 1;
    const reduced = n === 2;
    const red = (p: string) => (reduced ? `<gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>${p}</pAliqEfet></gRed>` : '');
    return (
      '</COFINS>' +
      '<IS><CSTIS>000</CSTIS><cClassTribIS>000001</cClassTribIS><vBCIS>21.00</vBCIS><pIS>2.0000</pIS><vIS>0.42</vIS></IS>' +
      `<IBSCBS><CST>${reduced ? '200' : '000'}</CST><cClassTrib>${reduced ? '200034' : '000001'}</cClassTrib><gIBSCBS><vBC>21.00</vBC>` +
      `<gIBSUF><pIBSUF>0.1000</pIBSUF>${red('0.0400')}<vIBSUF>${reduced ? '0.01' : '0.02'}</vIBSUF></gIBSUF>` +
      `<gIBSMun><pIBSMun>0.0000</pIBSMun>${red('0.0000')}<vIBSMun>0.00</vIBSMun></gIBSMun>` +
      `<vIBS>${reduced ? '0.01' : '0.02'}</vIBS>` +
      `<gCBS><pCBS>0.9000</pCBS>${red('0.3600')}<vCBS>${reduced ? '0.08' : '0.19'}</vCBS></gCBS>` +
      '</gIBSCBS></IBSCBS>'
    );
  }); // prettier-ignore
  const totals =
    '<ISTot><vIS>0.84</vIS></ISTot>' +
    '<IBSCBSTot><vBCIBSCBS>42.00</vBCIBSCBS>' +
    '<gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>0.03</vIBSUF></gIBSUF>' +
    '<gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun>' +
    '<vIBS>0.03</vIBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gIBS>' +
    '<gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>0.27</vCBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gCBS>' +
    '</IBSCBSTot>';
  return out.replace('</ICMSTot>', `</ICMSTot>${totals}`);
}

export interface ProtocolFields {
  readonly nProt?: string;
  readonly cStat?: string;
  readonly tpAmb?: string;
  readonly chave?: string;
}

/** `nfeProc` = signed NFe + protNFe, as SEFAZ's authorisation answer completes it. */
export function nfeProc(signedNfe: string, chave: string, p: ProtocolFields = {}): string {
  const digest = /<DigestValue>([^<]*)<\/DigestValue>/.exec(signedNfe)?.[1] ?? '';
  const tpAmb = p.tpAmb ?? /<tpAmb>(\d)<\/tpAmb>/.exec(signedNfe)?.[1] ?? '1';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
    signedNfe +
    `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>` +
    `<chNFe>${p.chave ?? chave}</chNFe><dhRecbto>2026-11-21T19:30:05-03:00</dhRecbto>` +
    `<nProt>${p.nProt ?? '135260000012345'}</nProt><digVal>${digest}</digVal>` +
    `<cStat>${p.cStat ?? '100'}</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>` +
    '</nfeProc>'
  );
}

/** Built, signed and authorised in one call. */
export function authorised(req: NfeRequest, edit: (xml: string) => string = (x) => x) {
  const { xml, chave } = build(req);
  const signed = sign(edit(xml));
  return { xml: nfeProc(signed, chave), signed, chave };
}

/**
 * The same document with an alphanumeric CNPJ (NT 2025.001): the builder does not accept one yet
 * (LAYOUT_ACCEPTS_ALPHANUMERIC_CNPJ is false), so emit/CNPJ, the chave (its DV computed over
 * `charCode − 48`) and infNFe/@Id are replaced, and the result signed.
 */
export function alphanumeric(req: NfeRequest, cnpj = '12ABC34501DE35') {
  const { xml, chave } = build(req);
  const newKey = chaveAcesso({
    cUF: chave.slice(0, 2),
    aamm: chave.slice(2, 6),
    cnpj,
    serie: Number(chave.slice(22, 25)),
    numero: Number(chave.slice(25, 34)),
    tpEmis: chave.slice(34, 35),
    codigoNumerico: chave.slice(35, 43),
  });
  const edited = xml
    .replace(`Id="NFe${chave}"`, `Id="NFe${newKey}"`)
    .replace(`<cDV>${chave.slice(43)}</cDV>`, `<cDV>${newKey.slice(43)}</cDV>`)
    .replace(`<CNPJ>${EMITTER_CNPJ}</CNPJ>`, `<CNPJ>${cnpj}</CNPJ>`);
  return { xml: nfeProc(sign(edited), newKey), chave: newKey };
}
