import { optionalString } from './common.js';

// The recipient's phone and a reference by a confidential chave: the last fields of the parties
// and of ide/NFref. The NF-e builder checks their patterns and SEFAZ's rules.

export const DestinatarioFoneField = optionalString().describe(
  'dest/enderDest/fone: the recipient\'s phone, 6–14 digits with the area code; written in the address, so it needs one. Example: "11987654321"',
);

export const ChaveAcessoSigilosaField = optionalString().describe(
  'refNFeSig: an NF-e (model 55) referenced by its chave with the cNF (positions 36–43) zeroed, which keeps the referenced document confidential; only on a normal NF-e (SEFAZ 951), not in PE (956); the chave\'s state (522), year and month (524), issuer (552), model 55 (679), number (683), emission type (953) and the zeroed cNF (955) are checked, its check digit is not. Example: "35261006929383000163550010000000881000000000"',
);
