import { optionalString } from './common.js';

// Registrations and foreign identification of the emitter and the recipient, beyond the spec's
// request. Patterns and lengths are the NF-e builder's to check.

export const IeStField = optionalString().describe(
  "emit/IEST: the emitter's IE as tax substitute in the destination state, 2–14 digits",
);

export const InscricaoMunicipalEmitenteField = optionalString().describe(
  'emit/IM: municipal registration, 1–15 characters (required with cnae)',
);

export const CnaeField = optionalString().describe(
  'emit/CNAE: the main CNAE fiscal, 7 digits; the layout writes it only with inscricao_municipal. Example: "4781400"',
);

export const IdEstrangeiroField = optionalString().describe(
  'dest/idEstrangeiro: a foreign buyer\'s document, 5–20 characters without spaces, or "" for one without a document; instead of cnpj/cpf. Required abroad (uf_destino_tipo exterior, SEFAZ 720); at home only for a final consumer (SEFAZ 721), not in an interstate operation (771), without an IE (925). Example: "P1234567"',
);

export const InscricaoSuframaField = optionalString().describe(
  'dest/ISUF: SUFRAMA registration, 8 or 9 digits',
);

export const InscricaoMunicipalDestinatarioField = optionalString().describe(
  "dest/IM: the recipient's municipal registration, 1–15 characters",
);

export const AddressCountryCodeField = optionalString().describe(
  'dest/enderDest/cPais: BACEN country code; 1058 (Brasil) by default. Outside an export it is 1058 unless the recipient has id_estrangeiro (SEFAZ 511); an export names another country (510); an address abroad (address_state EX) is never in 1058 (926). Example: "2496"',
);

export const AddressCountryField = optionalString().describe(
  'dest/enderDest/xPais: country name (default BRASIL at home). Example: "ESTADOS UNIDOS"',
);
