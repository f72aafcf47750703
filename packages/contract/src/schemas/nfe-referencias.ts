import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { optionalString } from './common.js';
import { ChaveAcessoSigilosaField } from './nfe-partes-referencias.js';

// The documents an NF-e refers to (ide/NFref). Each entry holds exactly one kind of reference;
// check digits, the chave's parts and SEFAZ's rules are the NF-e builder's to check.

const paperNote = {
  uf: z
    .string()
    .describe('The issuing state (two letters), written as its IBGE code (cUF). Example: "SP"'),
  ano_mes: z.string().describe('AAMM: year and month of issue. Example: "2611"'),
  serie: z.number().int().describe('serie, 0–999 (0 when the note has none). Example: 1'),
  numero: z.number().int().describe('nNF, 1–999999999. Example: 1234'),
};

const NotaModelo1Schema = fastObject(
  z.strictObject({
    ...paperNote,
    cnpj: z.string().describe("refNF/CNPJ: the issuer's CNPJ (check digits verified, SEFAZ 548)"),
    modelo: z
      .string()
      .default('01')
      .describe('refNF/mod: "01" model 1/1A (default) or "02" model 2'),
  }),
).describe('refNF: a paper nota fiscal of model 1/1A or 2');

const NotaProdutorSchema = fastObject(
  z.strictObject({
    ...paperNote,
    cnpj: optionalString().describe(
      "refNFP/CNPJ: the producer's CNPJ (check digits verified, SEFAZ 549); give cnpj or cpf",
    ),
    cpf: optionalString().describe(
      "refNFP/CPF: the producer's CPF (check digits verified, SEFAZ 550); give cnpj or cpf",
    ),
    ie: z.string().describe("refNFP/IE: the producer's IE, 2–14 digits or ISENTO"),
    modelo: z
      .string()
      .default('04')
      .describe('refNFP/mod: "04" nota fiscal de produtor (default) or "01" NF avulsa'),
  }),
).describe("refNFP: a rural producer's nota fiscal");

const CupomFiscalSchema = fastObject(
  z.strictObject({
    modelo: z.string().describe('refECF/mod: "2B" cash register, "2C" PDV, "2D" ECF'),
    numero_ecf: z
      .string()
      .describe('refECF/nECF: the ECF\'s order number, 1–3 digits. Example: "1"'),
    coo: z.string().describe('refECF/nCOO: the operation counter, 1–6 digits. Example: "123456"'),
  }),
).describe('refECF: a cupom fiscal');

export const DocumentoReferenciadoSchema = fastObject(
  z.strictObject({
    chave_acesso: optionalString().describe(
      "refNFe: the chave of an NF-e (55) or NFC-e (65), 44 digits: a right check digit (SEFAZ 547), a state's cUF (522), a month from 2006 not after the year of issue (524), the issuer's CNPJ (or CPF, series 910–969) with its check digits (552), model 55, 65 or 59 (679), a number above 0 (683). On a complementary NF-e the note of the emitter and its state (269, 678); on a return of another model, of the emitter's state (954). Example: \"35261111222333000181550010000000051123456783\"",
    ),
    chave_cte: optionalString().describe(
      'refCTe: the chave of a CT-e (model 57), 44 digits, checked as chave_acesso (SEFAZ 547, 522, 524, 552, 679, 683)',
    ),
    chave_acesso_sigilosa: ChaveAcessoSigilosaField,
    nota_modelo_1: NotaModelo1Schema.nullable().optional(),
    produtor_rural: NotaProdutorSchema.nullable().optional(),
    cupom_fiscal: CupomFiscalSchema.nullable().optional(),
  }),
).describe(
  'ide/NFref: one referenced document, by exactly one of chave_acesso, chave_acesso_sigilosa, chave_cte, nota_modelo_1, produtor_rural, cupom_fiscal. The same document twice is refused (SEFAZ 680–684)',
);

export const DocumentosReferenciadosField = z
  .array(DocumentoReferenciadoSchema)
  .max(500)
  .nullable()
  .optional()
  .describe(
    'ide/NFref: the documents this NF-e refers to, up to 500. A complementary NF-e (fin_nfe 2) names exactly one note, a chave_acesso or a nota_modelo_1 (SEFAZ 254, 255); a return (4) what it returns, except one whose items carry CFOP 1201, 1202, 1410, 1411, 5921 or 6921 (SEFAZ 321); an adjusting NF-e (3) what it adjusts; a sale in person outside the establishment (ind_pres 5) its note (864). nota_modelo_1 and cupom_fiscal only in an operation inside the state (923). Example: [{"chave_acesso": "35261111222333000181550010000000051123456783"}]',
  );
