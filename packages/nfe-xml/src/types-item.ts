/*
 * The item's groups beyond the product line itself: the purchase order it answers, the import
 * declarations and export details of foreign trade, the batches it was made in, the specific
 * product groups (medicine, fuel, new vehicle) and the taxes returned with goods. Field for field
 * as the API receives them; each comment names the layout element it becomes (det/prod/… unless
 * said otherwise).
 */
import type { DecimalText } from './types.js';

/** xPed and nItemPed: the buyer's purchase order this item answers. */
export interface NfePedidoCompra {
  /** xPed, 1–15 characters. */
  numero: string;
  /** nItemPed, the item of that order: 1–6 digits. */
  item?: string | null;
}

/** DI/adi: one addition of an import declaration. */
export interface NfeAdicaoImportacao {
  /** nAdicao, 1–999; optional since the DUIMP. */
  numero?: string | null;
  /** nSeqAdic, the item's sequence within the addition, 1–99999. */
  sequencial: string;
  /** cFabricante: the foreign manufacturer's code, 1–60 characters. */
  codigo_fabricante: string;
  /** vDescDI: the discount of the addition; 0 or absent writes none. */
  valor_desconto?: DecimalText | null;
  /** nDraw: the drawback concession act, 9 or 11 digits (rejection 335). */
  numero_drawback?: string | null;
}

/** DI: one import declaration (DI, DSI, DIRE, DUIMP…) the item was cleared under. */
export interface NfeDeclaracaoImportacao {
  /** nDI, 1–15 characters. */
  numero: string;
  /** dDI, YYYY-MM-DD: when the declaration was registered. */
  data_registro: string;
  /** xLocDesemb: where the goods cleared customs, 1–60 characters. */
  local_desembaraco: string;
  /** UFDesemb: the state where they cleared customs. */
  uf_desembaraco: string;
  /** dDesemb, YYYY-MM-DD. */
  data_desembaraco: string;
  /** tpViaTransp, 1–13 (1 maritime requires valor_afrmm, rejection 330). */
  via_transporte: string;
  /** vAFRMM: the merchant marine renewal charge. */
  valor_afrmm?: DecimalText | null;
  /** tpIntermedio: 1 on own account, 2 on behalf of a buyer, 3 to order (2 and 3 need the buyer). */
  forma_intermedio: string;
  /** CNPJ of the buyer or the one who ordered the import (forma_intermedio 2 or 3). */
  cnpj?: string | null;
  /** CPF of that buyer, instead of `cnpj`. */
  cpf?: string | null;
  /** UFTerceiro: that buyer's state. */
  uf_terceiro?: string | null;
  /** cExportador: the exporter's code, 1–60 characters. */
  codigo_exportador: string;
  /** adi, 1–999. */
  adicoes: NfeAdicaoImportacao[];
}

/** detExport/exportInd: the goods exported through a trading company. */
export interface NfeExportacaoIndireta {
  /** nRE: the export registration, up to 12 digits; absent writes an empty nRE. */
  numero_registro?: string | null;
  /** chNFe: the chave of the NF-e by which the goods were received for export. */
  chave_acesso: string;
  /** qExport: the quantity exported, in the item's unit. */
  quantidade: DecimalText;
}

/** detExport: one export detail of the item. */
export interface NfeDetalheExportacao {
  /** nDraw: the drawback concession act, 9 or 11 digits (rejection 339). */
  numero_drawback?: string | null;
  /** exportInd. */
  exportacao_indireta?: NfeExportacaoIndireta | null;
}

/** rastro: one batch of the goods (medicines, food, …). */
export interface NfeRastro {
  /** nLote, 1–20 characters. */
  lote: string;
  /** qLote: how much of the item comes from the batch, up to 3 places. */
  quantidade: DecimalText;
  /** dFab, YYYY-MM-DD: not after the issue date (877). */
  data_fabricacao: string;
  /** dVal, YYYY-MM-DD: not before data_fabricacao (870). */
  data_validade: string;
  /** cAgreg: the aggregation code, 1–20 characters. */
  codigo_agregacao?: string | null;
}

/** med: a medicine or pharmaceutical raw material. */
export interface NfeMedicamento {
  /** cProdANVISA: the 11- or 13-digit ANVISA registration, or ISENTO. */
  codigo_anvisa: string;
  /** xMotivoIsencao: why an exempt one is exempt (the ANVISA decision), 1–255 characters. */
  motivo_isencao?: string | null;
  /** vPMC: the maximum price to the consumer. */
  preco_maximo_consumidor: DecimalText;
}

/** comb/CIDE. */
export interface NfeCide {
  /** qBCProd: the quantity taxed, up to 4 places. */
  quantidade_base: DecimalText;
  /** vAliqProd: the rate in reais per unit, up to 4 places. */
  aliquota: DecimalText;
  /** vCIDE. */
  valor: DecimalText;
}

/** comb/encerrante: the pump's meter readings of a sale at the pump. */
export interface NfeEncerrante {
  /** nBico: the nozzle, 1–3 digits. */
  bico: string;
  /** nBomba: the pump, 1–3 digits. */
  bomba?: string | null;
  /** nTanque: the tank, 1–3 digits. */
  tanque: string;
  /** vEncIni: the meter before, 3 places. */
  valor_inicial: DecimalText;
  /** vEncFin: the meter after, above valor_inicial (380). */
  valor_final: DecimalText;
}

/** comb/origComb: where part of the fuel comes from. */
export interface NfeOrigemCombustivel {
  /** indImport: 0 national, 1 imported. */
  importado: string;
  /** cUFOrig, given as the state's two letters (SP) and written as its IBGE code (35). */
  uf: string;
  /** pOrig: percent of the fuel from that state. */
  percentual: DecimalText;
}

/** comb: a liquid fuel. */
export interface NfeCombustivel {
  /** cProdANP: the ANP product code, 9 digits. */
  codigo_anp: string;
  /** descANP: the ANP description of the product, 2–95 characters. */
  descricao_anp: string;
  /** pGLP: percent of LPG from petroleum (cProdANP 210203001). */
  percentual_glp?: DecimalText | null;
  /** pGNn: percent of national natural gas. */
  percentual_gas_natural_nacional?: DecimalText | null;
  /** pGNi: percent of imported natural gas. */
  percentual_gas_natural_importado?: DecimalText | null;
  /** vPart: the starting value per kg without ICMS. */
  valor_partida?: DecimalText | null;
  /** CODIF: the authorisation of the state's CODIF, 1–21 digits. */
  codif?: string | null;
  /** qTemp: the quantity at ambient temperature, up to 4 places. */
  quantidade_temperatura_ambiente?: DecimalText | null;
  /** UFCons: the state where it is consumed (EX abroad). */
  uf_consumo: string;
  cide?: NfeCide | null;
  encerrante?: NfeEncerrante | null;
  /** pBio: percent of biodiesel in diesel B. */
  percentual_biodiesel?: DecimalText | null;
  /** origComb, up to 30. */
  origens?: NfeOrigemCombustivel[] | null;
}

/** veicProd: a new vehicle (every field is required by the layout). */
export interface NfeVeiculo {
  /** tpOp: 1 dealer sale, 2 direct billing, 3 direct sale, 0 other. */
  tipo_operacao: string;
  /** chassi: the VIN, 17 of [A-Z0-9]. */
  chassi: string;
  /** cCor: the maker's colour code, 1–4 characters. */
  codigo_cor: string;
  /** xCor: the colour, 1–40 characters. */
  descricao_cor: string;
  /** pot: engine power in CV, 1–4 characters. */
  potencia: string;
  /** cilin: displacement in cc, 1–4 characters. */
  cilindradas: string;
  /** pesoL: net weight, 1–9 characters. */
  peso_liquido: string;
  /** pesoB: gross weight, 1–9 characters. */
  peso_bruto: string;
  /** nSerie: serial, 1–9 characters. */
  serie: string;
  /** tpComb: RENAVAM fuel type, 1–2 characters. */
  tipo_combustivel: string;
  /** nMotor: engine number, 1–21 characters. */
  numero_motor: string;
  /** CMT: maximum traction in tonnes, 1–9 characters. */
  capacidade_tracao: string;
  /** dist: wheelbase, 1–4 characters. */
  distancia_eixos: string;
  /** anoMod: model year, 4 digits. */
  ano_modelo: string;
  /** anoFab: year of manufacture, 4 digits. */
  ano_fabricacao: string;
  /** tpPint: paint type, 1 character. */
  tipo_pintura: string;
  /** tpVeic: RENAVAM vehicle type, 1–2 digits. */
  tipo_veiculo: string;
  /** espVeic: RENAVAM species, 1 digit. */
  especie_veiculo: string;
  /** VIN: R re-stamped, N normal. */
  condicao_vin: string;
  /** condVeic: 1 finished, 2 unfinished, 3 semi-finished. */
  condicao_veiculo: string;
  /** cMod: RENAVAM make/model code, 1–6 digits. */
  codigo_marca_modelo: string;
  /** cCorDENATRAN: DENATRAN colour code, 1–2 digits (01 yellow … 16 fantasy). */
  cor_denatran: string;
  /** lota: seated capacity including the driver, 1–3 digits. */
  lotacao: string;
  /** tpRest: 0 none, 1 fiduciary alienation, 2 leasing, 3 title retention, 4 pledge, 9 other. */
  restricao: string;
}

/** det/impostoDevol: the share of the goods returned and the IPI returned with it (finNFe 4). */
export interface NfeDevolucao {
  /** pDevol: percent of the goods returned, 0–100 with up to 2 places. */
  percentual: DecimalText;
  /** IPI/vIPIDevol: summed into ICMSTot/vIPIDevol and vNF; absent writes 0.00. */
  valor_ipi_devolvido?: DecimalText | null;
}
