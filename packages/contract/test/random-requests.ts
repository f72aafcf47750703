/**
 * Seeded random requests for the fast-path equivalence tests: valid EmissaoRequest bodies with
 * every optional form (absent, null, explicit undefined, present; decimals as numbers and
 * strings), and mutations of them that are mostly invalid. No dependency: a small PRNG is enough
 * here, and a failing case prints its seed and index.
 */

export type Rng = () => number;

/** mulberry32: tiny, fast, and good enough for test data. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, options: readonly T[]): T =>
  options[Math.floor(r() * options.length)] as T;
const int = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));

function text(r: Rng, alphabet: string, min: number, max: number): string {
  const chars = [...alphabet];
  let out = '';
  for (let i = int(r, min, max); i > 0; i--) out += pick(r, chars);
  return out;
}

const FREE = 'abcXYZ 019 &<>"\'çãé-_./';
const HEX = '0123456789abcdefABCDEF';

const str = (r: Rng) => text(r, FREE, 0, 12);
const digits = (r: Rng, n: number) => text(r, '0123456789', n, n);
const cnpj = (r: Rng) => text(r, '0123456789ABCDEFXYZ', 12, 12) + digits(r, 2);
const uuid = (r: Rng) => [8, 4, 4, 4, 12].map((n) => text(r, HEX, n, n)).join('-');

/** A decimal as a client may send it; `positive` keeps it above 0. */
function decimal(r: Rng, positive: boolean): number | string {
  if (r() < 0.4) {
    const magnitude = pick(r, [0.01, 1, 10.5, 123.456, 1e-7, 1e21, 3]) * (1 + int(r, 0, 9));
    return positive ? magnitude : pick(r, [1, -1, 0]) * magnitude;
  }
  // Text with every form the spec allows: sign, leading zeros, lone point, trailing zeros.
  const whole = text(r, '0000123456789', 0, 4);
  const fraction = text(r, '0000123456789', 0, 4);
  let body = fraction ? `${whole}.${fraction}` : whole ? pick(r, [whole, `${whole}.`]) : '0';
  if (positive && !/[1-9]/.test(body)) body += '1';
  return pick(r, positive ? ['', '+'] : ['', '+', '-']) + body;
}

/** Sets `key` on `target` in one of the forms an optional field may take. */
function optional(r: Rng, target: Record<string, unknown>, key: string, make: () => unknown) {
  const form = r();
  if (form < 0.3) return; // absent
  if (form < 0.45) target[key] = null;
  else if (form < 0.5)
    target[key] = undefined; // present key, undefined value
  else target[key] = make();
}

/** Sets a defaulted field: absent, explicit undefined, or a value. */
function defaulted(r: Rng, target: Record<string, unknown>, key: string, make: () => unknown) {
  const form = r();
  if (form < 0.4) return;
  if (form < 0.5) target[key] = undefined;
  else target[key] = make();
}

function tributo(r: Rng) {
  const t: Record<string, unknown> = {
    tax_domain: pick(r, ['icms', 'pis', 'cofins', 'ibs_uf', 'ibs_mun', 'cbs', 'is', '']),
    base_calc: decimal(r, false),
    base_calc_percent: decimal(r, false),
    valor: decimal(r, false),
    rule_id: uuid(r),
  };
  for (const key of [
    'aliquota',
    'aliquota_st',
    'fcp_percent',
    'mva',
    'reducao_aliquota_percent',
    'aliquota_efetiva',
    'diferimento_percent',
    'valor_diferido',
    'valor_devolvido',
    'aliquota_especifica',
    'quantidade_tributavel',
  ])
    optional(r, t, key, () => decimal(r, false));
  for (const key of [
    'codigo_beneficio',
    'csosn',
    'cst',
    'classificacao_tributaria',
    'unidade_tributavel',
  ])
    optional(r, t, key, () => str(r));
  return t;
}

function item(r: Rng) {
  const fiscal: Record<string, unknown> = {
    cfop: digits(r, 4),
    consumidor_final: r() < 0.5,
    indicador_ie: pick(r, ['1', '2', '9']),
  };
  for (const key of ['csosn', 'cst', 'origem']) optional(r, fiscal, key, () => str(r));
  if (r() < 0.8) fiscal.tributos = Array.from({ length: int(r, 0, 4) }, () => tributo(r));
  const it: Record<string, unknown> = {
    codigo: str(r),
    descricao: str(r),
    ncm: digits(r, 8),
    cfop: digits(r, 4),
    unidade_comercial: 'UN',
    unidade_tributavel: pick(r, ['UN', 'KG', '']),
    quantidade: decimal(r, true),
    valor_unitario: decimal(r, true),
    fiscal_result: fiscal,
  };
  for (const key of ['cest', 'gtin']) optional(r, it, key, () => digits(r, 8));
  for (const key of ['peso_bruto_kg', 'peso_liquido_kg'])
    optional(r, it, key, () => decimal(r, false));
  return it;
}

/** A valid EmissaoRequest (with up to `maxItems` items). */
export function validRequest(r: Rng, maxItems = 12): Record<string, unknown> {
  const emitente: Record<string, unknown> = {
    cnpj: cnpj(r),
    razao_social: str(r),
    ie: digits(r, int(r, 0, 14)),
    crt: pick(r, ['1', '2', '3']),
    address_street: str(r),
    address_number: str(r),
    address_district: str(r),
    address_city: str(r),
    address_state: pick(r, ['SP', 'RJ', 'MG']),
    address_zip: digits(r, 8),
    address_city_ibge_code: digits(r, 7),
  };
  for (const key of ['address_complement', 'fone', 'nome_fantasia'])
    optional(r, emitente, key, () => str(r));
  const request: Record<string, unknown> = {
    tenant_ref: text(r, FREE, 0, 64),
    branch_ref: text(r, FREE, 0, 64),
    serie: int(r, 0, 999),
    emitente,
    itens: Array.from({ length: int(r, 1, maxItems) }, () => item(r)),
    pagamento: { tpag: digits(r, 2), valor: decimal(r, true) },
    ambiente: pick(r, ['homologacao', 'producao']),
    uf_destino_tipo: pick(r, ['interna', 'interestadual']),
    ver_proc: text(r, FREE, 1, 20),
  };
  optional(r, request, 'destinatario', () => {
    const d: Record<string, unknown> = { nome: str(r), indicador_ie: pick(r, ['1', '2', '9']) };
    for (const key of [
      'cnpj',
      'cpf',
      'ie',
      'email',
      'address_street',
      'address_zip',
      'address_state',
    ])
      optional(r, d, key, () => str(r));
    return d;
  });
  const pagamento = request.pagamento as Record<string, unknown>;
  defaulted(r, pagamento, 'indpag', () => pick(r, ['0', '1']));
  defaulted(r, request, 'document_model', () => '55');
  for (const key of ['fin_nfe', 'ind_final', 'ind_pres', 'tp_emis'])
    defaulted(r, request, key, () => pick(r, ['1', '2', '3']));
  defaulted(r, request, 'nat_op', () => str(r));
  return request;
}

/** Values that break (or sometimes keep) a field: wrong types, bounds, bad decimals, nulls. */
const REPLACEMENTS: readonly unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  1000,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  '',
  'x',
  'x'.repeat(70),
  '1,5',
  '-1',
  '0',
  '1e5',
  ' 1',
  '.',
  '+.5',
  '12345678000195',
  '1234567800019X',
  '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e2',
  'producao',
  '55',
  {},
  [],
];

type Container = Record<string, unknown> | unknown[];

/** Every (container, key) in `value`, the root's slot included, for picking a mutation site. */
function slots(
  value: unknown,
  out: [Container, string | number][] = [],
): [Container, string | number][] {
  if (Array.isArray(value)) {
    value.forEach((child, i) => {
      out.push([value, i]);
      slots(child, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push([value as Record<string, unknown>, key]);
      slots(child, out);
    }
  }
  return out;
}

/** A deep copy with one to three random mutations. */
export function mutate<T>(r: Rng, input: T): T {
  const copy = structuredClone(input);
  for (let n = int(r, 1, 3); n > 0; n--) {
    const all = slots(copy);
    if (all.length === 0) break;
    const [container, key] = pick(r, all);
    const kind = r();
    if (Array.isArray(container)) {
      if (kind < 0.2) container.splice(Number(key), 1);
      else if (kind < 0.3) container.push(structuredClone(container[Number(key)]));
      else container[Number(key)] = pick(r, REPLACEMENTS);
    } else if (kind < 0.25) {
      delete container[key];
    } else if (kind < 0.4) {
      container[`extra_${int(r, 0, 3)}`] = pick(r, REPLACEMENTS);
    } else {
      container[key] = pick(r, REPLACEMENTS);
    }
  }
  return copy;
}
