import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';
import type { Svc } from './svc-of.js';

/*
 * The SVC's own answers, with the texts of NT 2013.007 v1.03 (the SVC's rules; MOC 7.0 Anexo I
 * lists only 713 and 783 of them).
 */

/** GB02.2: a note of a UF whose SEFAZ never switched this SVC on. */
export const SVC_NOT_ACTIVATED: Rejection = rejection(
  '114',
  'Rejeição: SVC não ativada para a SEFAZ do Emitente',
);

/** K05.1: the status service of the SVC for a UF whose SVC is off. */
export const svcDisabled = (svc: Svc): Rejection =>
  rejection('114', `Rejeição: ${svc.name} desabilitada pela SEFAZ de Origem`);

/**
 * GB22.4 (a note), G05g.1 (a cancellation) and J02h.1 (a consulta): a tpEmis, or the chave's, that
 * is not this SVC's (6 at SVC-RS, 7 at SVC-AN, or a note of the UF's own authoriser).
 */
export const tpEmisIncompatible = (svc: Svc): Rejection =>
  rejection('584', `Rejeição: tpEmis informado é incompatível com a ${svc.name}`);

/** I02.2: the SVC offers no inutilização (NT 2013.007 §04.5); the origin SEFAZ does it later. */
export const INUTILIZACAO_NOT_AT_SVC: Rejection = rejection(
  '586',
  'Rejeição: Serviço não disponível na SVC',
);

/**
 * D04 at the SVC: it registers cancellations of its own notes only; a CC-e or any other event is
 * "inválido para a SVC" (NT 2013.007 §04.4), with the MOC's 491 text.
 */
export const EVENT_NOT_AT_SVC: Rejection = rejection(
  '491',
  'Rejeição: O tpEvento informado inválido',
);
