/**
 * Groups of the layout the API does not let a caller fill, on purpose, each with the reason. The
 * coverage figure is over the leaves outside them; the report lists them with these reasons.
 */
export const EXCLUDED_GROUPS: readonly { readonly path: string; readonly reason: string }[] = [
  {
    path: 'infNFe/avulsa',
    reason: "the NF-e avulsa is issued by the tax authority itself (the Fisco's own emitter data)",
  },
  {
    path: 'infNFe/cana',
    reason: 'sugar-cane supply records (daily cane deliveries and deductions) of sugar mills only',
  },
  {
    path: 'infNFe/agropecuario',
    reason:
      'PL_010 agricultural input and animal transit guides (defensivos, GTA): not yet in force nationally',
  },
  {
    path: 'infNFe/det/imposto/ISSQN',
    reason:
      'services under the municipal ISSQN in an NF-e conjugada (a few municipal agreements); Emissor issues NF-e of goods, and services go on the NFS-e',
  },
  {
    path: 'infNFe/total/ISSQNtot',
    reason: 'the totals of the ISSQN group above',
  },
  {
    path: 'infNFe/total/retTrib',
    reason:
      'federal withholdings (PIS, COFINS, CSLL, IRRF, INSS) on the services of an NF-e conjugada',
  },
  {
    path: 'infNFe/emit/CPF',
    reason:
      "an emitter identified by CPF (a rural producer issuing on its own): Emissor signs with the branch's e-CNPJ certificate, whose CNPJ must be emitente.cnpj's (409 emitente_certificate_cnpj_mismatch), and several states refuse NF-e of CPF emitters outside their own issuer (rejections 652, 407)",
  },
  {
    path: 'infNFe/det/prod/infProdNFF',
    reason:
      "the NFF (Nota Fiscal Fácil) app's product data: the Fisco's product code and NFF operation, filled by SEFAZ's own issuer",
  },
  {
    path: 'infNFe/infSolicNFF',
    reason: "the NFF (Nota Fiscal Fácil) app's request data, written by SEFAZ's own issuer",
  },
];

/**
 * Leaves counted, and not written, for a reason other than a missing field: the report says why
 * next to them.
 */
export const NOT_WRITTEN_REASONS: Readonly<Record<string, string>> = {
  'infNFe/ide/dhCont':
    'written by the SVC contingency (tpEmis 6/7, docs/contingency.md) when an authoriser is down, not from the request',
  'infNFe/ide/xJust': 'the justification of that contingency, written with dhCont',
};
