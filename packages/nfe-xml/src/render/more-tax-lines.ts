import type { IssuePath } from '../errors.js';
import type { NfeTributoLinha } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { given } from '../validate/text.js';

/**
 * The tax domains of the less common groups: import tax, PIS/COFINS-ST, ICMS desoneração, ST
 * retained earlier and its repasse, the "efetivo" ICMS, monophase fuels, the Simples Nacional
 * credit of CSOSN 900 and the approximate tax burden (Lei 12.741). They live apart from the core
 * domains so that an item without them carries one `undefined` instead of fifteen.
 */
export const MORE_TAX_DOMAINS = [
  'ii',
  'pis_st',
  'cofins_st',
  'icms_desonerado',
  'icms_st_desonerado',
  'icms_st_retido',
  'fcp_st_retido',
  'icms_efetivo',
  'icms_st_destino',
  'icms_mono',
  'icms_mono_retencao',
  'icms_mono_diferido',
  'icms_mono_retido',
  'icms_credito_sn',
  'tributos_aproximados',
] as const;
export type MoreTaxDomain = (typeof MORE_TAX_DOMAINS)[number];

/** The line fields beyond base, rate and value, each used by some domains only. */
const SPECIAL_FIELDS = [
  'classificacao_tributaria',
  'reducao_aliquota_percent',
  'aliquota_efetiva',
  'diferimento_percent',
  'valor_diferido',
  'valor_devolvido',
  'aliquota_especifica',
  'unidade_tributavel',
  'quantidade_tributavel',
  'motivo',
  'compoe_total',
  'valor_substituto',
  'codigo_beneficio_reducao',
  'operacao_propria_percent',
  'uf_st',
  'cnpj_produtor',
  'selo_controle',
  'quantidade_selo',
  'valor_despesas_aduaneiras',
  'valor_iof',
] as const;
type SpecialField = (typeof SPECIAL_FIELDS)[number];

const RTC: readonly SpecialField[] = [
  'classificacao_tributaria',
  'reducao_aliquota_percent',
  'aliquota_efetiva',
  'diferimento_percent',
  'valor_diferido',
  'valor_devolvido',
  'aliquota_especifica',
  'unidade_tributavel',
  'quantidade_tributavel',
];
const BY_QUANTITY: readonly SpecialField[] = ['aliquota_especifica', 'quantidade_tributavel'];

/** Which special fields each domain takes; a domain not listed takes none. */
const FIELDS_OF_DOMAIN: ReadonlyMap<string, ReadonlySet<SpecialField>> = new Map(
  (
    [
      [
        'icms',
        [
          'diferimento_percent',
          'valor_diferido',
          'codigo_beneficio_reducao',
          'operacao_propria_percent',
          'uf_st',
        ],
      ],
      ['fcp', ['diferimento_percent', 'valor_diferido']],
      ['ipi', [...BY_QUANTITY, 'cnpj_produtor', 'selo_controle', 'quantidade_selo']],
      ['pis', BY_QUANTITY],
      ['cofins', BY_QUANTITY],
      ['pis_st', [...BY_QUANTITY, 'compoe_total']],
      ['cofins_st', [...BY_QUANTITY, 'compoe_total']],
      ['cbs', RTC],
      ['ibs_uf', RTC],
      ['ibs_mun', RTC],
      ['is', RTC],
      ['ii', ['valor_despesas_aduaneiras', 'valor_iof']],
      ['icms_desonerado', ['motivo', 'compoe_total']],
      ['icms_st_desonerado', ['motivo']],
      ['icms_st_retido', ['valor_substituto']],
      ['icms_mono', [...BY_QUANTITY, 'reducao_aliquota_percent', 'motivo']],
      ['icms_mono_retencao', BY_QUANTITY],
      ['icms_mono_diferido', [...BY_QUANTITY, 'diferimento_percent']],
      ['icms_mono_retido', BY_QUANTITY],
    ] as const
  ).map(([domain, fields]) => [domain, new Set<SpecialField>(fields)]),
);

/** The domains that take `field`, for the message naming where it belongs. */
function domainsTaking(field: SpecialField): string {
  const domains = [...FIELDS_OF_DOMAIN].filter(([, fields]) => fields.has(field)).map(([d]) => d);
  return domains.join(', ');
}

/**
 * Whether a line has any special field. Named reads, not a loop over the names: this runs for
 * every line of every item, and a keyed read per name cost a tenth of a 990-item build.
 */
export function hasSpecialField(raw: NfeTributoLinha): boolean {
  return (
    given(raw.classificacao_tributaria) ||
    given(raw.reducao_aliquota_percent) ||
    given(raw.aliquota_efetiva) ||
    given(raw.diferimento_percent) ||
    given(raw.valor_diferido) ||
    given(raw.valor_devolvido) ||
    given(raw.aliquota_especifica) ||
    given(raw.unidade_tributavel) ||
    given(raw.quantidade_tributavel) ||
    given(raw.motivo) ||
    given(raw.compoe_total) ||
    given(raw.valor_substituto) ||
    given(raw.codigo_beneficio_reducao) ||
    given(raw.operacao_propria_percent) ||
    given(raw.uf_st) ||
    given(raw.cnpj_produtor) ||
    given(raw.selo_controle) ||
    given(raw.quantidade_selo) ||
    given(raw.valor_despesas_aduaneiras) ||
    given(raw.valor_iof)
  );
}

/** A special field on a line whose domain has no place for it is a 422 on that field. */
export function refuseMisplacedFields(
  issues: IssueList,
  path: IssuePath,
  raw: NfeTributoLinha,
): void {
  const allowed = FIELDS_OF_DOMAIN.get(raw.tax_domain);
  for (const field of SPECIAL_FIELDS) {
    if (!given(raw[field]) || allowed?.has(field)) continue;
    issues.at(
      path,
      field,
      'tax_line_mismatch',
      `Tax line '${raw.tax_domain}' does not fit: ${field} belongs to the ${domainsTaking(field)} lines`,
    );
  }
}
