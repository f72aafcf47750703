import { NFE_NAMESPACE } from '@emissor/sefaz';

import { el, optional, TP_AMB_HOMOLOGACAO, VER_APLIC } from './common.js';

const NS = `xmlns="${NFE_NAMESPACE}"`;

/** The authoriser's verdict on one NF-e, as `protNFe/infProt` carries it. */
export interface ProtocolFields {
  readonly chNFe: string;
  readonly dhRecbto: string;
  readonly nProt?: string;
  readonly digVal?: string;
  readonly cStat: string;
  readonly xMotivo: string;
}

export function protNFe(p: ProtocolFields): string {
  return (
    '<protNFe versao="4.00"><infProt>' +
    el('tpAmb', TP_AMB_HOMOLOGACAO) +
    el('verAplic', VER_APLIC) +
    el('chNFe', p.chNFe) +
    el('dhRecbto', p.dhRecbto) +
    optional('nProt', p.nProt) +
    optional('digVal', p.digVal) +
    el('cStat', p.cStat) +
    el('xMotivo', p.xMotivo) +
    '</infProt></protNFe>'
  );
}

interface Status {
  readonly cStat: string;
  readonly xMotivo: string;
  readonly cUF: string;
  readonly dhRecbto: string;
}

const head = (s: Status): string =>
  el('tpAmb', TP_AMB_HOMOLOGACAO) +
  el('verAplic', VER_APLIC) +
  el('cStat', s.cStat) +
  el('xMotivo', s.xMotivo);

/** retEnviNFe: the lot's status, then either the receipt (async) or the protocol (sync). */
export function retEnviNFe(
  s: Status,
  outcome?: { readonly nRec: string; readonly tMed: string } | { readonly protNFe: string },
): string {
  let tail = '';
  if (outcome && 'nRec' in outcome)
    tail = `<infRec>${el('nRec', outcome.nRec)}${el('tMed', outcome.tMed)}</infRec>`;
  else if (outcome) tail = outcome.protNFe;
  return `<retEnviNFe ${NS} versao="4.00">${head(s)}${el('cUF', s.cUF)}${el('dhRecbto', s.dhRecbto)}${tail}</retEnviNFe>`;
}

export function retConsReciNFe(s: Status, nRec: string, protocols: readonly string[]): string {
  return (
    `<retConsReciNFe ${NS} versao="4.00">` +
    el('tpAmb', TP_AMB_HOMOLOGACAO) +
    el('verAplic', VER_APLIC) +
    el('nRec', nRec) +
    el('cStat', s.cStat) +
    el('xMotivo', s.xMotivo) +
    el('cUF', s.cUF) +
    el('dhRecbto', s.dhRecbto) +
    protocols.join('') +
    '</retConsReciNFe>'
  );
}

export function retConsSitNFe(
  s: Status,
  chNFe: string,
  protocol: string | undefined,
  events: readonly string[],
): string {
  return (
    `<retConsSitNFe ${NS} versao="4.00">${head(s)}${el('cUF', s.cUF)}${el('dhRecbto', s.dhRecbto)}` +
    el('chNFe', chNFe) +
    (protocol ?? '') +
    events.join('') +
    '</retConsSitNFe>'
  );
}

export function retConsStatServ(s: Status, extra: { tMed?: string; xObs?: string }): string {
  return (
    `<retConsStatServ ${NS} versao="4.00">${head(s)}${el('cUF', s.cUF)}${el('dhRecbto', s.dhRecbto)}` +
    optional('tMed', extra.tMed) +
    optional('xObs', extra.xObs) +
    '</retConsStatServ>'
  );
}

/** The range an inutilização named, echoed in its answer. */
export interface InutRange {
  readonly ano: string;
  readonly CNPJ: string;
  readonly mod: string;
  readonly serie: string;
  readonly nNFIni: string;
  readonly nNFFin: string;
}

export function retInutNFe(s: Status, range: InutRange | undefined, nProt?: string): string {
  const echoed = range
    ? el('ano', range.ano) +
      el('CNPJ', range.CNPJ) +
      el('mod', range.mod) +
      el('serie', range.serie) +
      el('nNFIni', range.nNFIni) +
      el('nNFFin', range.nNFFin)
    : '';
  return (
    `<retInutNFe ${NS} versao="4.00"><infInut>${head(s)}${el('cUF', s.cUF)}${echoed}` +
    el('dhRecbto', s.dhRecbto) +
    optional('nProt', nProt) +
    '</infInut></retInutNFe>'
  );
}

/** One `retEvento` of a `retEnvEvento`. */
export interface EventVerdict {
  readonly cOrgao: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly chNFe?: string;
  readonly tpEvento?: string;
  readonly xEvento?: string;
  readonly nSeqEvento?: string;
  readonly dhRegEvento: string;
  readonly nProt?: string;
}

export function retEvento(v: EventVerdict): string {
  return (
    '<retEvento versao="1.00"><infEvento>' +
    el('tpAmb', TP_AMB_HOMOLOGACAO) +
    el('verAplic', VER_APLIC) +
    el('cOrgao', v.cOrgao) +
    el('cStat', v.cStat) +
    el('xMotivo', v.xMotivo) +
    optional('chNFe', v.chNFe) +
    optional('tpEvento', v.tpEvento) +
    optional('xEvento', v.xEvento) +
    optional('nSeqEvento', v.nSeqEvento) +
    el('dhRegEvento', v.dhRegEvento) +
    optional('nProt', v.nProt) +
    '</infEvento></retEvento>'
  );
}

export function retEnvEvento(
  idLote: string,
  cOrgao: string,
  s: { cStat: string; xMotivo: string },
  events: readonly string[],
): string {
  return (
    `<retEnvEvento ${NS} versao="1.00">` +
    el('idLote', idLote) +
    el('tpAmb', TP_AMB_HOMOLOGACAO) +
    el('verAplic', VER_APLIC) +
    el('cOrgao', cOrgao) +
    el('cStat', s.cStat) +
    el('xMotivo', s.xMotivo) +
    events.join('') +
    '</retEnvEvento>'
  );
}
