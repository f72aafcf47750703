import {
  formatCep,
  formatDocument,
  formatPhone,
  formatStreet,
  groupKey,
} from '../format/documents.js';
import type { DocumentReference, NfeData, Observation, Place } from '../model/types.js';
import { overflowInstallments } from './billing.js';
import { contingencyNotice } from './contingency-notice.js';

/** `AAMM` of a referenced paper document as `mm/aaaa`. */
function yearMonth(aamm: string | undefined): string {
  return aamm && /^\d{4}$/.test(aamm) ? `${aamm.slice(2)}/20${aamm.slice(0, 2)}` : (aamm ?? '');
}

/** procRef/indProc: where the process runs (the schema's codes). */
const PROCESS_ORIGINS: Readonly<Record<string, string>> = {
  '0': 'SEFAZ',
  '1': 'Justiça Federal',
  '2': 'Justiça Estadual',
  '3': 'Secex/RFB',
  '4': 'CONFAZ',
  '9': 'Outros',
};

/** procRef/tpAto: the kind of act a SEFAZ process granted (the schema's codes). */
const ACT_TYPES: Readonly<Record<string, string>> = {
  '08': 'Termo de Acordo',
  '10': 'Regime Especial',
  '12': 'Autorização específica',
  '14': 'Ajuste SINIEF',
  '15': 'Convênio ICMS',
};

function describeReference(ref: DocumentReference): string {
  switch (ref.kind) {
    case 'nfe':
    case 'nfeSig':
      return `NF-e ${groupKey(ref.key)}`;
    case 'cte':
      return `CT-e ${groupKey(ref.key)}`;
    case 'ecf':
      return `Cupom fiscal mod. ${ref.model ?? ''} ECF ${ref.ecf ?? ''} COO ${ref.coo ?? ''}`;
    case 'nf':
    case 'producer': {
      const what = ref.kind === 'nf' ? 'NF' : 'NF de produtor';
      const ie = ref.ie ? ` IE ${ref.ie}` : '';
      return (
        `${what} mod. ${ref.model ?? ''} série ${ref.series ?? ''} nº ${ref.number ?? ''} ` +
        `emitente ${formatDocument(ref.document)}${ie} de ${yearMonth(ref.yearMonth)}`
      );
    }
  }
}

/** A place as one line, with the fields its block would show. */
function describePlace(place: Place): string {
  const a = place.address;
  const parts = [
    place.name,
    place.document ? `CNPJ/CPF ${formatDocument(place.document)}` : undefined,
    place.ie ? `IE ${place.ie}` : undefined,
    formatStreet(a),
    a.district,
    [a.city, a.uf].filter(Boolean).join(' - '),
    place.country,
    a.cep ? `CEP ${formatCep(a.cep)}` : undefined,
    a.phone ? `fone ${formatPhone(a.phone)}` : undefined,
  ];
  return parts.filter((p) => p !== undefined && p !== '').join(', ');
}

/** What the first sheet's layout left to Informações Complementares. */
export interface LeftToText {
  /** Duplicatas the grid holds; the ones after them are listed in the text. */
  readonly shownInstallments: number;
  /** retirada/entrega have no blocks of their own on this DANFE. */
  readonly placesInText: boolean;
}

const notes = (list: readonly Observation[]): string =>
  list.map((o) => (o.field ? `${o.field}: ${o.text}` : o.text)).join('; ');

/**
 * The text of Informações Complementares, one paragraph per source. First what the MOC requires
 * there: the contingency notice (MOC §3, "em destaque"), infAdFisco and infCpl (§3.1.8). Then the
 * rest of infAdic the MOC allows (obsCont, §3.1.8) or that has no field of its own (obsFisco,
 * procRef), and the groups the layout has no place for: referenced documents, the intermediary,
 * vehicles beyond the one the transport block shows; last what the first sheet had no room for
 * (`left`): retirada/entrega without their blocks, duplicatas past the grid.
 */
export function complementaryText(nfe: NfeData, left: LeftToText): string {
  const parts: string[] = [];
  const contingency = contingencyNotice(nfe);
  if (contingency) parts.push(contingency);
  const a = nfe.additional;
  if (a.fisco) parts.push(`INF. FISCO: ${a.fisco}`);
  if (a.complementary) parts.push(`INF. CONTRIBUINTE: ${a.complementary}`);
  if (a.taxpayerNotes.length > 0) parts.push(`OBS. CONTRIBUINTE: ${notes(a.taxpayerNotes)}`);
  if (a.fiscoNotes.length > 0) parts.push(`OBS. FISCO: ${notes(a.fiscoNotes)}`);
  if (a.processes.length > 0) {
    const list = a.processes.map((p) => {
      const origin = PROCESS_ORIGINS[p.origin] ?? p.origin;
      const act = p.actType ? `, ${ACT_TYPES[p.actType] ?? p.actType}` : '';
      return `nº ${p.number} (${origin}${act})`;
    });
    parts.push(`PROCESSO REFERENCIADO: ${list.join('; ')}`);
  }
  if (nfe.references.length > 0) {
    parts.push(`DOCUMENTOS REFERENCIADOS: ${nfe.references.map(describeReference).join('; ')}`);
  }
  const intermediary = nfe.intermediary;
  if (intermediary) {
    parts.push(
      `INTERMEDIADOR DA TRANSAÇÃO: CNPJ ${formatDocument(intermediary.cnpj)}, ` +
        `identificador ${intermediary.id ?? ''}`,
    );
  }
  const t = nfe.transport;
  const more = t.vehicles.slice(1).map((v) => {
    const uf = v.uf ? ` UF ${v.uf}` : '';
    const rntc = v.rntc ? ` RNTC ${v.rntc}` : '';
    return `placa ${v.plate}${uf}${rntc}`;
  });
  if (more.length > 0) parts.push(`REBOQUE: ${more.join('; ')}`);
  if (t.wagon) parts.push(`VAGÃO: ${t.wagon}`);
  if (t.ferry) parts.push(`BALSA: ${t.ferry}`);
  if (left.placesInText && nfe.pickup) {
    parts.push(`LOCAL DE RETIRADA: ${describePlace(nfe.pickup)}`);
  }
  if (left.placesInText && nfe.delivery) {
    parts.push(`LOCAL DE ENTREGA: ${describePlace(nfe.delivery)}`);
  }
  const installments = overflowInstallments(nfe.billing, left.shownInstallments);
  if (installments) parts.push(installments);
  return parts.join('\n');
}
