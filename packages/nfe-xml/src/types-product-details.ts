/*
 * What an item may carry beyond its product line and the groups of types-item.ts: the state's
 * presumed ICMS credit (gCred), the packaging (infProdEmb), weapons (arma) and, in the reforma
 * tributária layout, the item of another document it refers to (DFeReferenciado). Field for field as the API receives them; each comment names the layout
 * element it becomes (det/prod/… unless said otherwise).
 */
import type { DecimalText } from './types.js';

/** gCred: one presumed ICMS credit the state grants on the item (up to 4). */
export interface NfeCreditoPresumidoIcms {
  /** cCredPresumido: the state's benefit code, 8 or 10 characters. */
  codigo: string;
  /** pCredPresumido: the credit's percent, up to 4 places. */
  percentual: DecimalText;
  /** vCredPresumido: the credit's value. */
  valor: DecimalText;
}

/** infProdEmb: how the product is packed. */
export interface NfeEmbalagem {
  /** xEmb: the packaging, 1–8 characters (CAIXA, FARDO…). */
  descricao: string;
  /** qVolEmb: the volume of one package, up to 3 places. */
  quantidade: DecimalText;
  /** uEmb: the unit of that volume, 1–8 characters (L, KG, ML…). */
  unidade: string;
}

/** arma: one weapon sold (up to 500 per item). */
export interface NfeArma {
  /** tpArma: 0 permitted use, 1 restricted use. */
  tipo: string;
  /** nSerie: the weapon's serial number, 1–15 characters. */
  numero_serie: string;
  /** nCano: the barrel's serial number, 1–15 characters. */
  numero_cano: string;
  /** descr: the full description (make, calibre, type…), 1–256 characters. */
  descricao: string;
}

/** det/DFeReferenciado: the item of another electronic document this item refers to (PL_010b). */
export interface NfeItemReferenciado {
  /** chaveAcesso: that document's chave de acesso, 44 digits. */
  chave_acesso: string;
  /** nItem: the item's number in that document, 1–990. */
  item?: string | null;
}
