/*
 * An NF-e with every group the DANFE prints filled, written by hand: the document @emissor/nfe-xml
 * writes for `request(…)` in fixtures.ts (same emitter, chave, cNF and dhEmi), plus, in the
 * element order of leiauteNFe_v4.00.xsd, dhSaiEnt, indIntermed, two NFref, a company recipient,
 * retirada and entrega, three items with vDesc/vFrete/vSeg/vOutro (one with FCP, one with IPI, one
 * with infAdProd), ICMSTot adding up, transp with a carrier, a vehicle, a trailer and three vol,
 * cobr with a fatura and three duplicatas, infIntermed and infAdic (infAdFisco, infCpl, two
 * obsCont, an obsFisco and a procRef). Unsigned: the tests add a placeholder signature to check it
 * against both schema packs, and wrap it in an nfeProc to render.
 *
 * The sums, for the tests' expectations:
 *   item 1  10 × 25,00 = 250,00  desc 12,50  frete 15,00                 BC 252,50  ICMS 45,45  FCP 5,05
 *   item 2   4 × 89,90 = 359,60  frete 20,00  seguro 5,40  outras 3,00   BC 388,00  ICMS 69,84  IPI 17,98
 *   item 3   3 × 30,00 =  90,00  desc 9,00  seguro 1,60  outras 2,00     BC  84,60  ICMS 15,23
 *   vProd 699,60 − vDesc 21,50 + vFrete 35,00 + vSeg 7,00 + vOutro 5,00 + vIPI 17,98 = vNF 743,08
 */

/** The chave of the document (as fixtures.ts's `build` gives it for nNF 26). */
export const EVERY_GROUP_KEY = '35261158716523000119550010000000261407182930';
/** The NF-e the document refers to (refNFe). */
export const REFERENCED_KEY = '35261058716523000119550010000000191123456787';

const ide =
  '<ide><cUF>35</cUF><cNF>40718293</cNF><natOp>Venda de mercadoria adquirida ou recebida de terceiros</natOp>' +
  '<mod>55</mod><serie>1</serie><nNF>26</nNF><dhEmi>2026-11-21T19:30:00-03:00</dhEmi>' +
  '<dhSaiEnt>2026-11-22T08:15:00-03:00</dhSaiEnt><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG>' +
  '<tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>0</cDV><tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>0</indFinal>' +
  '<indPres>2</indPres><indIntermed>1</indIntermed><procEmi>0</procEmi><verProc>emissor-tests 1.0</verProc>' +
  `<NFref><refNFe>${REFERENCED_KEY}</refNFe></NFref>` +
  '<NFref><refNF><cUF>35</cUF><AAMM>2610</AAMM><CNPJ>58716523000119</CNPJ><mod>01</mod><serie>1</serie><nNF>1234</nNF></refNF></NFref>' +
  '</ide>';

const emit =
  '<emit><CNPJ>58716523000119</CNPJ><xNome>CONFECÇÕES ARAÚJO &amp; FILHOS LTDA</xNome><xFant>ARAÚJO</xFant>' +
  '<enderEmit><xLgr>Rua São João</xLgr><nro>1º andar</nro><xBairro>Centro</xBairro><cMun>3550308</cMun>' +
  '<xMun>São Paulo</xMun><UF>SP</UF><CEP>01001000</CEP><cPais>1058</cPais><xPais>BRASIL</xPais>' +
  '<fone>1133334444</fone></enderEmit><IE>112006603110</IE><CRT>3</CRT></emit>';

const dest =
  '<dest><CNPJ>33000167000101</CNPJ><xNome>LOJAS PAULISTA COMÉRCIO DE ROUPAS LTDA</xNome>' +
  '<enderDest><xLgr>Avenida Paulista</xLgr><nro>1000</nro><xCpl>Loja 12</xCpl><xBairro>Bela Vista</xBairro>' +
  '<cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01310100</CEP><cPais>1058</cPais>' +
  '<xPais>BRASIL</xPais><fone>1140041234</fone></enderDest><indIEDest>1</indIEDest><IE>110042490114</IE></dest>';

const retirada =
  '<retirada><CNPJ>11222333000181</CNPJ><xNome>DEPÓSITO CENTRAL ARAÚJO LTDA</xNome><xLgr>Rua do Armazém</xLgr>' +
  '<nro>500</nro><xCpl>Galpão 3</xCpl><xBairro>Brás</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun>' +
  '<UF>SP</UF><CEP>03012000</CEP><cPais>1058</cPais><xPais>BRASIL</xPais><fone>1122223333</fone>' +
  '<email>deposito@araujo.example</email><IE>111222333444</IE></retirada>';

const entrega =
  '<entrega><CPF>52998224725</CPF><xNome>Joana Batista dos Santos</xNome><xLgr>Rua das Flores</xLgr>' +
  '<nro>45</nro><xBairro>Jardim América</xBairro><cMun>3509502</cMun><xMun>Campinas</xMun><UF>SP</UF>' +
  '<CEP>13010000</CEP><cPais>1058</cPais><xPais>BRASIL</xPais><fone>19988887777</fone></entrega>';

interface ItemSpec {
  readonly n: number;
  readonly code: string;
  readonly description: string;
  readonly ncm: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly total: string;
  /** vFrete, vSeg, vDesc, vOutro, already in their schema order. */
  readonly charges: string;
  readonly icms: string;
  readonly ipi?: string;
  readonly pisBase: string;
  readonly pis: string;
  readonly cofins: string;
  readonly infAdProd?: string;
}

function det(i: ItemSpec): string {
  return (
    `<det nItem="${i.n}"><prod><cProd>${i.code}</cProd><cEAN>SEM GTIN</cEAN><xProd>${i.description}</xProd>` +
    `<NCM>${i.ncm}</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>${i.quantity}</qCom><vUnCom>${i.unitPrice}</vUnCom>` +
    `<vProd>${i.total}</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>UN</uTrib><qTrib>${i.quantity}</qTrib>` +
    `<vUnTrib>${i.unitPrice}</vUnTrib>${i.charges}<indTot>1</indTot></prod>` +
    `<imposto><ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC>${i.icms}</ICMS00></ICMS>${i.ipi ?? ''}` +
    `<PIS><PISAliq><CST>01</CST><vBC>${i.pisBase}</vBC><pPIS>1.65</pPIS><vPIS>${i.pis}</vPIS></PISAliq></PIS>` +
    `<COFINS><COFINSAliq><CST>01</CST><vBC>${i.pisBase}</vBC><pCOFINS>7.60</pCOFINS><vCOFINS>${i.cofins}</vCOFINS></COFINSAliq></COFINS>` +
    `</imposto>${i.infAdProd ? `<infAdProd>${i.infAdProd}</infAdProd>` : ''}</det>`
  );
}

const items = [
  det({
    n: 1,
    code: 'P001',
    description: 'CAMISETA ALGODÃO Nº 1 REF-P001',
    ncm: '61091000',
    quantity: '10.0000',
    unitPrice: '25.00',
    total: '250.00',
    charges: '<vFrete>15.00</vFrete><vDesc>12.50</vDesc>',
    icms: '<vBC>252.50</vBC><pICMS>18.00</pICMS><vICMS>45.45</vICMS><pFCP>2.00</pFCP><vFCP>5.05</vFCP>',
    pisBase: '252.50',
    pis: '4.17',
    cofins: '19.19',
  }),
  det({
    n: 2,
    code: 'P002',
    description: 'CALÇA JEANS MASCULINA REF-P002',
    ncm: '62034200',
    quantity: '4.0000',
    unitPrice: '89.90',
    total: '359.60',
    charges: '<vFrete>20.00</vFrete><vSeg>5.40</vSeg><vOutro>3.00</vOutro>',
    icms: '<vBC>388.00</vBC><pICMS>18.00</pICMS><vICMS>69.84</vICMS>',
    ipi: '<IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>359.60</vBC><pIPI>5.00</pIPI><vIPI>17.98</vIPI></IPITrib></IPI>',
    pisBase: '388.00',
    pis: '6.40',
    cofins: '29.49',
  }),
  det({
    n: 3,
    code: 'P003',
    description: 'BONÉ DE BRIM REF-P003',
    ncm: '65050022',
    quantity: '3.0000',
    unitPrice: '30.00',
    total: '90.00',
    charges: '<vSeg>1.60</vSeg><vDesc>9.00</vDesc><vOutro>2.00</vOutro>',
    icms: '<vBC>84.60</vBC><pICMS>18.00</pICMS><vICMS>15.23</vICMS>',
    pisBase: '84.60',
    pis: '1.40',
    cofins: '6.43',
    infAdProd: 'Lote L-2026-11, validade indeterminada.',
  }),
].join('');

const total =
  '<total><ICMSTot><vBC>725.10</vBC><vICMS>130.52</vICMS><vICMSDeson>0.00</vICMSDeson><vFCPUFDest>0.00</vFCPUFDest>' +
  '<vICMSUFDest>0.00</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet><vFCP>5.05</vFCP><vBCST>0.00</vBCST>' +
  '<vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>699.60</vProd><vFrete>35.00</vFrete>' +
  '<vSeg>7.00</vSeg><vDesc>21.50</vDesc><vII>0.00</vII><vIPI>17.98</vIPI><vIPIDevol>0.00</vIPIDevol>' +
  '<vPIS>11.97</vPIS><vCOFINS>55.11</vCOFINS><vOutro>5.00</vOutro><vNF>743.08</vNF><vTotTrib>215.60</vTotTrib>' +
  '</ICMSTot></total>';

const transp =
  '<transp><modFrete>0</modFrete>' +
  '<transporta><CNPJ>06157250000116</CNPJ><xNome>TRANSPORTES JOÃO &amp; CIA LTDA</xNome><IE>114814878119</IE>' +
  '<xEnder>Rodovia dos Bandeirantes, km 23</xEnder><xMun>Jundiaí</xMun><UF>SP</UF></transporta>' +
  '<veicTransp><placa>ABC1D23</placa><UF>SP</UF><RNTC>12345678</RNTC></veicTransp>' +
  '<reboque><placa>XYZ9E87</placa><UF>PR</UF><RNTC>87654321</RNTC></reboque>' +
  '<vol><qVol>2</qVol><esp>CAIXA</esp><marca>ARAÚJO</marca><nVol>1-2</nVol><pesoL>12.500</pesoL><pesoB>13.100</pesoB>' +
  '<lacres><nLacre>L-0001</nLacre></lacres></vol>' +
  '<vol><qVol>1</qVol><esp>CAIXA</esp><marca>ARAÚJO</marca><nVol>3</nVol><pesoL>4.250</pesoL><pesoB>4.600</pesoB></vol>' +
  '<vol><qVol>1</qVol><esp>FARDO</esp><marca>ARAÚJO</marca><nVol>4</nVol><pesoL>8.000</pesoL><pesoB>8.300</pesoB></vol>' +
  '</transp>';

const cobr =
  '<cobr><fat><nFat>FAT-0026</nFat><vOrig>743.08</vOrig><vDesc>3.08</vDesc><vLiq>740.00</vLiq></fat>' +
  '<dup><nDup>001</nDup><dVenc>2026-12-21</dVenc><vDup>250.00</vDup></dup>' +
  '<dup><nDup>002</nDup><dVenc>2027-01-20</dVenc><vDup>245.00</vDup></dup>' +
  '<dup><nDup>003</nDup><dVenc>2027-02-19</dVenc><vDup>245.00</vDup></dup></cobr>';

const pag = '<pag><detPag><indPag>1</indPag><tPag>15</tPag><vPag>743.08</vPag></detPag></pag>';

const infIntermed =
  '<infIntermed><CNPJ>03007331000141</CNPJ><idCadIntTran>loja-araujo-0042</idCadIntTran></infIntermed>';

const infAdic =
  '<infAdic><infAdFisco>Valor do FCP: R$ 5,05 (2% sobre a BC do item 1).</infAdFisco>' +
  '<infCpl>Pedido de compra nº 4521. Entregar no 2º andar, doca 3. Valor aproximado dos tributos: R$ 215,60. Fonte: IBPT.</infCpl>' +
  '<obsCont xCampo="Pedido"><xTexto>PED-4521</xTexto></obsCont>' +
  '<obsCont xCampo="Vendedor"><xTexto>Ana Souza</xTexto></obsCont>' +
  '<obsFisco xCampo="Regime"><xTexto>TARE 123/2026</xTexto></obsFisco>' +
  '<procRef><nProc>1234567-89.2026</nProc><indProc>0</indProc><tpAto>08</tpAto></procRef>' +
  '</infAdic>';

/** The unsigned NFe. */
export const EVERY_GROUP_NFE =
  '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">' +
  `<infNFe Id="NFe${EVERY_GROUP_KEY}" versao="4.00">` +
  ide +
  emit +
  dest +
  retirada +
  entrega +
  items +
  total +
  transp +
  cobr +
  pag +
  infIntermed +
  infAdic +
  '</infNFe></NFe>';
