import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { optionalString } from './common.js';

// The fields the reforma tributária layout (schema PL_010b, NT 2025.002) adds outside the tax
// values: in ide the expected delivery date, the IBS/CBS city of a sale outside the establishment
// and the advance payments settled; in the item a used good, the ZFM sub-ledger class and the item
// of another document it refers to; in IBSCBS a donation. A document with any of them is valid
// under PL_010b, the layout SEFAZ validates since the reforma, not under PL_009. The NF-e builder
// checks the patterns and SEFAZ's rules.

export const DataPrevisaoEntregaField = optionalString().describe(
  'ide/dPrevEntrega (PL_010b): the expected delivery date, YYYY-MM-DD: from the day the goods leave (data_saida_entrada, else the day of issue) to three months after it (SEFAZ 1155, 1154); only on a normal NF-e or a return (1156) whose goods are carried to the recipient, transporte.modalidade_frete 0, 2 or 3 (1157). Example: "2026-12-01"',
);

export const MunicipioFatoGeradorIbsField = optionalString().describe(
  'ide/cMunFGIBS (PL_010b): the 7-digit IBGE code of the city where the IBS/CBS of a sale made in person outside the establishment falls; only with ind_pres 5 and no recipient address nor entrega. Example: "3550308"',
);

export const PagamentosAntecipadosField = z
  .array(z.string())
  .max(99)
  .nullable()
  .optional()
  .describe(
    'ide/gPagAntecipado/refNFe (PL_010b): the chaves of the NF-e (model 55) of advance payments this document settles, up to 99 (LC 214/2025 art. 10 § 4º). Example: ["35261006929383000163550010000000771123456784"]',
  );

export const BemMovelUsadoField = optionalString().describe(
  'det/prod/indBemMovelUsado (PL_010b): "1" when the item is a used movable good bought from a person who is not a taxpayer. Example: "1"',
);

export const TipoCreditoPresumidoZfmField = optionalString().describe(
  'det/prod/tpCredPresIBSZFM (PL_010b): the item\'s class for the IBS presumed credit of the Zona Franca de Manaus (LC 214/2025 art. 450 § 1º): 0 none, 1 final consumer goods, 2 capital goods, 3 intermediate goods, 4 IT goods; only for an emitter in AC, AM, RO, RR or Macapá/Santana (SEFAZ 1166). Example: "1"',
);

export const DocumentoReferenciadoItemField = fastObject(
  z.strictObject({
    chave_acesso: z
      .string()
      .describe(
        'DFeReferenciado/chaveAcesso: the chave of the referenced document, 44 digits with a right check digit. Example: "35261006929383000163550010000000771123456784"',
      ),
    item: optionalString().describe(
      'DFeReferenciado/nItem: the item\'s number in that document, 1–990; required on a return (SEFAZ 1102) and on a debit note of tp_nf_debito 04 (1048), refused on one of 03 (1039). Example: "1"',
    ),
  }),
)
  .nullable()
  .optional()
  .describe(
    'det/DFeReferenciado (PL_010b): the item of another document this item refers to, instead of documentos_referenciados (not both, SEFAZ 1010); not on a credit note (1042); every item of a debit note of tp_nf_debito 03 or 04 carries one (1038); all items name one document (1130) except on a return or tp_nf_debito 03; the same document and item once (1072). A return may reference its documents this way instead of documentos_referenciados (321)',
  );

export const DoacaoField = optionalString().describe(
  'IBSCBS/indDoacao (PL_010b): "1" when the operation is a donation. Example: "1"',
);
