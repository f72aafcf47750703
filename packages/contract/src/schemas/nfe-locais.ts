import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { optionalString } from './common.js';

// retirada and entrega (TLocal): a place other than the emitter's or the recipient's address.
// Check digits, lengths and the rules of places abroad are the NF-e builder's to check.

function localSchema(
  tag: 'retirada' | 'entrega',
  codes: { cnpj: number; cpf: number; city: number },
) {
  return fastObject(
    z.strictObject({
      cnpj: optionalString().describe(
        `${tag}/CNPJ of the place (check digits verified, SEFAZ ${codes.cnpj}); give cnpj or cpf`,
      ),
      cpf: optionalString().describe(
        `${tag}/CPF of the place (check digits verified, SEFAZ ${codes.cpf}); give cnpj or cpf`,
      ),
      nome: optionalString().describe(`${tag}/xNome: who is at the place, 2–60 characters`),
      ie: optionalString().describe(`${tag}/IE: 2–14 digits or ISENTO`),
      address_street: z.string().describe(`${tag}/xLgr: street, 2–60 characters`),
      address_number: z.string().describe(`${tag}/nro: number (S/N when none)`),
      address_complement: optionalString().describe(`${tag}/xCpl: complement`),
      address_district: z.string().describe(`${tag}/xBairro: district, 2–60 characters`),
      address_city: optionalString().describe(
        `${tag}/xMun: city name; abroad it may be omitted (EXTERIOR is written)`,
      ),
      address_city_ibge_code: optionalString().describe(
        `${tag}/cMun: 7-digit IBGE city code of address_state; abroad 9999999, the default (SEFAZ ${codes.city})`,
      ),
      address_state: z.string().describe(`${tag}/UF: the state, or EX abroad`),
      address_zip: optionalString().describe(`${tag}/CEP: 8 digits; optional abroad`),
      address_country_code: optionalString().describe(
        `${tag}/cPais: BACEN country code; 1058 (Brasil) by default, another one abroad. Example: "2496"`,
      ),
      address_country: optionalString().describe(`${tag}/xPais: country name`),
      fone: optionalString().describe(`${tag}/fone: 6–14 digits with area code`),
      email: optionalString().describe(`${tag}/email, up to 60 characters`),
    }),
  );
}

export const RetiradaField = localSchema('retirada', { cnpj: 512, cpf: 540, city: 513 })
  .nullable()
  .optional()
  .describe(
    'retirada: where the goods are picked up, when not at the emitter\'s address. Example: {"cnpj": "11222333000181", "address_street": "Rua do Deposito", "address_number": "10", "address_district": "Industrial", "address_city": "GUARULHOS", "address_city_ibge_code": "3518800", "address_state": "SP", "address_zip": "07000000"}',
  );

export const EntregaField = localSchema('entrega', { cnpj: 514, cpf: 541, city: 515 })
  .nullable()
  .optional()
  .describe(
    "entrega: where the goods are delivered, when not at the recipient's address (same fields as retirada)",
  );
