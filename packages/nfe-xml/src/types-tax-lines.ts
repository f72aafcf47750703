/*
 * The tax-line fields of the ICMS, IPI, II and PIS/COFINS groups beyond rate and value: desoneração,
 * ST retained earlier, partilha, IPI seal, import charges. Each belongs to the domains named in its
 * comment; on any other line it is a 422 naming the field.
 */

/** Plain decimal text: optional sign, digits, optional point. */
type DecimalText = string;

export interface NfeTributoLinhaGrupos {
  /** icms_desonerado: motDesICMS; icms_st_desonerado: motDesICMSST; icms_mono (CST 15): motRedAdRem. */
  motivo?: string | null;
  /**
   * `0`/`1`. icms_desonerado: indDeduzDeson (default `1`, vICMSDeson deducted from vNF);
   * pis_st/cofins_st: indSomaPISST/indSomaCOFINSST (`1`: the value is added to vNF).
   */
  compoe_total?: string | null;
  /** icms_st_retido: vICMSSubstituto, the substitute's own ICMS charged earlier. */
  valor_substituto?: DecimalText | null;
  /** icms line of CST 51: cBenefRBC, the benefit code of the reduced base. */
  codigo_beneficio_reducao?: string | null;
  /** icms line of CST 10/90 shared between states (ICMSPart): pBCOp. */
  operacao_propria_percent?: DecimalText | null;
  /** icms line of CST 10/90 shared between states (ICMSPart): UFST, the state the ST is owed to. */
  uf_st?: string | null;
  /** ipi: CNPJProd, the producer's CNPJ when it is not the emitter. */
  cnpj_produtor?: string | null;
  /** ipi: cSelo, the IPI control seal. */
  selo_controle?: string | null;
  /** ipi: qSelo, how many seals (1–12 digits). */
  quantidade_selo?: string | null;
  /** ii: vDespAdu, customs charges (default 0). */
  valor_despesas_aduaneiras?: DecimalText | null;
  /** ii: vIOF (default 0). */
  valor_iof?: DecimalText | null;
}
