import { child, text } from '../xml/dom.js';
import type { RuleContext } from './context.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';
import { stateCode } from './states.js';
import { isValidCnpj } from './tax-ids.js';

/*
 * infRespTec, the software house behind the document (NT 2018.005; MOC 7.0 Anexo I group ZD and
 * rules 7ZD of the SEFAZ register). The group is required where the states put ZD01-10 in force;
 * the CSRT is required in PR; the CSRT's id and hash are checked against the CSRT this authoriser
 * was given, in any state, since a wrong hash is wrong everywhere (without one, they are not).
 */

/** The states where ZD01-10 is in force (NT 2018.005 v1.30, MOC 7.0 ZD01-10). */
const REQUIRED_IN: ReadonlySet<string> = new Set(
  ['AM', 'MS', 'PE', 'PR', 'SC', 'TO'].flatMap((uf) => stateCode(uf) ?? []),
);
/** PR requires the CSRT (ZD07-10) on NF-e from 2026-01-19 in homologação (23/02 in produção). */
const CSRT_REQUIRED_IN = stateCode('PR');
const CSRT_REQUIRED_FROM = Date.parse('2026-01-19T00:00:00-03:00');
/** NFF (tpEmis 3) carries no infRespTec; the SVC (6, 7) keeps no register of CSRTs. */
const NFF = '3';
const SVC: ReadonlySet<string> = new Set(['6', '7']);

/** 972, 973, 975, then 976 / 978 against the known CSRT. */
export function checkResponsavelTecnico(nfe: NfeView, context: RuleContext): Rejection | undefined {
  const tpEmis = text(nfe.ide, 'tpEmis') ?? '';
  const group = child(nfe.infNFe, 'infRespTec');
  if (!group) {
    if (REQUIRED_IN.has(nfe.cUF) && tpEmis !== NFF)
      return rejection('972', 'Rejeição: Obrigatória as informações do responsável técnico');
    return undefined;
  }
  if (!isValidCnpj(text(group, 'CNPJ')))
    return rejection('973', 'Rejeição: CNPJ do responsável técnico inválido');
  if (tpEmis === NFF || SVC.has(tpEmis)) return undefined;
  const idCSRT = text(group, 'idCSRT');
  if (
    idCSRT === undefined &&
    nfe.cUF === CSRT_REQUIRED_IN &&
    nfe.modelo === '55' &&
    context.receivedAt.getTime() >= CSRT_REQUIRED_FROM
  )
    return rejection(
      '975',
      'Rejeição: Obrigatória a informação do identificador do CSRT e do Hash do CSRT',
    );
  const known = context.csrt;
  if (idCSRT === undefined || known === undefined) return undefined;
  if (idCSRT !== known.id)
    return rejection('976', 'Rejeição: Identificador do CSRT não cadastrado na SEFAZ');
  if (text(group, 'hashCSRT') !== known.hashFor(nfe.chave))
    return rejection('978', 'Rejeição: Hash do CSRT diverge do calculado');
  return undefined;
}
