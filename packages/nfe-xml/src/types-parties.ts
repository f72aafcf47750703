/*
 * The parties around a document besides its emitter and recipient: where the goods are picked up
 * or delivered (retirada, entrega), who may download its XML (autXML) and the marketplace that
 * intermediated the sale (infIntermed). Field names follow the request's.
 */

/** retirada / entrega (TLocal): a place other than the emitter's or the recipient's address. */
export interface NfeLocal {
  /** The place's CNPJ or CPF: exactly one. */
  cnpj?: string | null;
  cpf?: string | null;
  nome?: string | null;
  /** IE of the place (2–14 digits or ISENTO). */
  ie?: string | null;
  address_street: string;
  address_number: string;
  address_complement?: string | null;
  address_district: string;
  /** xMun; abroad it may be left out (EXTERIOR). */
  address_city?: string | null;
  /** IBGE city code; 9999999 abroad (the default there). */
  address_city_ibge_code?: string | null;
  /** A state, or `EX` abroad. */
  address_state: string;
  address_zip?: string | null;
  /** cPais (BACEN country code); 1058 Brasil by default, another one abroad. */
  address_country_code?: string | null;
  /** xPais. */
  address_country?: string | null;
  fone?: string | null;
  email?: string | null;
}

/** autXML: someone (an accountant, a carrier, …) allowed to download the XML. */
export interface NfeAutorizadoXml {
  cnpj?: string | null;
  cpf?: string | null;
}

/** infIntermed: the marketplace or platform the sale went through. */
export interface NfeIntermediador {
  /** Its CNPJ. */
  cnpj: string;
  /** idCadIntTran: the seller's id on the platform, 2–60 characters. */
  identificador: string;
}
