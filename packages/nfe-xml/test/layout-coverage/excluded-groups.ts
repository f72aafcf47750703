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
    path: 'infNFe/infSolicNFF',
    reason: "the NFF (Nota Fiscal Fácil) app's request data, written by SEFAZ's own issuer",
  },
];
