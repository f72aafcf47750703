/*
 * The request's `transporte` group (transp), field for field, so issue paths are paths into the
 * request body. Decimals are plain decimal text, as in the rest of the request.
 */
import type { DecimalText } from './types.js';

/** transp/transporta: who carries the goods. Every field is optional in the layout. */
export interface NfeTransportadora {
  /** CNPJ (give cnpj or cpf, not both). */
  cnpj?: string | null;
  /** CPF of a carrier who is a person. */
  cpf?: string | null;
  /** xNome, 2–60 characters. */
  nome?: string | null;
  /** IE: 2–14 digits or ISENTO; with it the carrier's `uf` is required (rejection 559). */
  ie?: string | null;
  /** xEnder: the full address in one line, 1–60 characters. */
  endereco?: string | null;
  /** xMun: the city, 1–60 characters. */
  municipio?: string | null;
  /** UF, or EX for a foreign carrier. */
  uf?: string | null;
}

/** transp/retTransp: ICMS withheld on the freight service (all fields required). */
export interface NfeRetencaoIcmsTransporte {
  /** vServ: the freight service's value. */
  valor_servico: DecimalText;
  /** vBCRet: the withholding's base. */
  base_calc: DecimalText;
  /** pICMSRet: its rate. */
  aliquota: DecimalText;
  /** vICMSRet: the ICMS withheld. */
  valor: DecimalText;
  /** CFOP of the freight service. */
  cfop: string;
  /** cMunFG: 7-digit IBGE code of the city where the freight service began. */
  municipio_ibge_code: string;
}

/** TVeiculo: veicTransp or one reboque. */
export interface NfeVeiculoTransporte {
  /** placa: old (ABC1234) or Mercosul (ABC1D23) plate. */
  placa: string;
  uf?: string | null;
  /** RNTC (ANTT registration), 1–20 characters. */
  rntc?: string | null;
}

/** transp/vol: one kind of volume. */
export interface NfeVolume {
  /** qVol: how many, a whole number. */
  quantidade?: DecimalText | null;
  /** esp: the kind (CAIXA, PALETE…). */
  especie?: string | null;
  marca?: string | null;
  /** nVol: the volumes' numbering. */
  numeracao?: string | null;
  /** pesoL, kg, 3 places. */
  peso_liquido_kg?: DecimalText | null;
  /** pesoB, kg, 3 places. */
  peso_bruto_kg?: DecimalText | null;
  /** lacres/nLacre: seal numbers. */
  lacres?: string[] | null;
}

/** `transp`; absent means modFrete 9 (no transport) and nothing else. */
export interface NfeTransporte {
  /** modFrete: 0 CIF, 1 FOB, 2 third party, 3 own (sender), 4 own (recipient), 9 none. */
  modalidade_frete: string;
  transportadora?: NfeTransportadora | null;
  retencao_icms?: NfeRetencaoIcmsTransporte | null;
  /** veicTransp (road transport only; not in interstate operations, rejection 868). */
  veiculo?: NfeVeiculoTransporte | null;
  /** reboque: up to 5 trailers. */
  reboques?: NfeVeiculoTransporte[] | null;
  /** vagao: the railway wagon (instead of a vehicle). */
  vagao?: string | null;
  /** balsa: the barge (instead of a vehicle). */
  balsa?: string | null;
  /** vol: up to 5000. */
  volumes?: NfeVolume[] | null;
}
