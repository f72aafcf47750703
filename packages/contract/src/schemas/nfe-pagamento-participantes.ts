import { optionalString } from './common.js';

// Who took part in a payment besides the buyer and the emitter: the establishment that processed
// it and, for a card or electronic payment, who receives the money and on which terminal (NT
// 2023.004). The NF-e builder checks the CNPJ's check digits and the state.

export const CnpjTransacionalField = optionalString().describe(
  'pag/detPag/CNPJPag: the CNPJ of the establishment where the payment was processed, when it is not the one issuing; given with uf_transacional (check digits verified). Example: "06929383000163"',
);

export const UfTransacionalField = optionalString().describe(
  'pag/detPag/UFPag: the state of that establishment; given with cnpj_transacional. Example: "SP"',
);

export const CnpjRecebedorField = optionalString().describe(
  'pag/detPag/card/CNPJReceb: the CNPJ of who receives the payment (check digits verified). Example: "33333333000191"',
);

export const IdTerminalField = optionalString().describe(
  'pag/detPag/card/idTermPag: the payment terminal, 1–40 characters. Example: "POS-0042"',
);
