import { modulo11CheckDigit } from '@emissor/nfe-xml';
import type { EnvEventoRequest, LotEvento, RetEventoFields } from '@emissor/sefaz';
import { buildProcEventoNFe, buildRetEnvEvento, buildRetEvento } from '@emissor/sefaz';

import { AUTHORISER } from '../answers/authoriser.js';
import { brasiliaDateTime } from '../answers/datetime.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { eventExists, lastSequence, registerEvent } from '../db/events.js';
import { findNfe } from '../db/nfe-registry.js';
import { nextProtocol } from '../db/numbers.js';
import { cnpjRoot } from '../rules/context.js';
import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';
import { EVENT_NOT_AT_SVC, tpEmisIncompatible } from '../svc/rejections.js';
import { authoriserType, svcOf } from '../svc/svc-of.js';
import { cnpjOfCertificate } from '../tls/client-cnpj.js';
import { messageRejection } from '../xml/message-checks.js';
import type { SchemaName } from '../xml/schemas.js';
import { checkSignature } from '../xml/signature-status.js';
import { takeDrop } from './drop-answer.js';
import { outageStatus } from './outage.js';

const CANCELAMENTO = '110111';
const CARTA_CORRECAO = '110110';
const X_EVENTO: Record<string, string> = {
  [CANCELAMENTO]: 'Cancelamento registrado',
  [CARTA_CORRECAO]: 'Carta de Correção registrada',
};

/** Each official event pack validates its own envEvento; mixed or other lots use the generic one. */
function schemaFor(types: readonly string[]): SchemaName {
  if (types.length > 0 && types.every((t) => t === CANCELAMENTO)) return 'envEventoCancelamento';
  if (types.length > 0 && types.every((t) => t === CARTA_CORRECAO)) return 'envEventoCartaCorrecao';
  return 'envEventoGenerico';
}

/**
 * NFeRecepcaoEvento4 (`envEvento`): registers cancellations (110111) and cartas de correção
 * (110110) of notes this simulator authorised; 128 for the lot, 135 (or a rejection) per event.
 * The SVC registers only cancellations of its own notes (NT 2013.007 §04.3–04.4): any other event
 * is 491, a chave of another tpEmis 584.
 */
export async function recepcaoEvento(
  request: EnvEventoRequest,
  message: string,
  context: RequestContext,
): Promise<ServiceAnswer> {
  const requestedLot = request.idLote;
  const idLote = /^[0-9]{1,15}$/.test(requestedLot) ? requestedLot : '0';
  const firstOrgao = request.eventos[0]?.cOrgao;
  const cOrgao = firstOrgao && /^[0-9]{2}$/.test(firstOrgao) ? firstOrgao : '91';
  const lot = (status: { cStat: string; xMotivo: string }, retEvento: string[] = []) => ({
    message: buildRetEnvEvento({ ...AUTHORISER, ...status, idLote, cOrgao, retEvento }),
  });
  if (context.outage) return lot(outageStatus(context.outage));
  const types = request.eventos.map((e) => e.tpEvento);
  const refused = messageRejection(message, schemaFor(types), '215');
  if (refused) return lot(refused);

  const answers: string[] = [];
  for (const [index, event] of request.eventos.entries())
    answers.push(await judgeEvent(message, index, event, context));
  return {
    ...lot(rejection('128', 'Lote de Evento Processado'), answers),
    dropAnswer: takeDrop(context.state, 'dropEventoAnswers'),
  };
}

async function judgeEvent(
  message: string,
  index: number,
  event: LotEvento,
  context: RequestContext,
): Promise<string> {
  const { chNFe, tpEvento, nSeqEvento } = event;
  const base = {
    ...AUTHORISER,
    cOrgao: event.cOrgao,
    chNFe,
    tpEvento,
    nSeqEvento,
    dhRegEvento: brasiliaDateTime(context.receivedAt),
  };
  const verdict = (status: Rejection, extra: Partial<RetEventoFields> = {}): string =>
    buildRetEvento({ ...base, ...status, ...extra });

  // D04 at the SVC: judged as the lot's events are extracted, before their signatures.
  if (context.venue === 'svc' && tpEvento !== CANCELAMENTO) return verdict(EVENT_NOT_AT_SVC);
  const signature = checkSignature(message, 'infEvento', index);
  if (!signature.valid) return verdict(signature.status);
  const author = event.CNPJ || (event.CPF ?? '').padStart(14, '0');
  const signer = cnpjOfCertificate(Buffer.from(signature.certificateBase64, 'base64'));
  if (
    cnpjRoot(author) !== cnpjRoot(context.clientCnpj) ||
    (signer && cnpjRoot(signer) !== cnpjRoot(author))
  )
    return verdict(
      rejection('213', 'Rejeição: CNPJ-Base do Autor difere do CNPJ-Base do Certificado Digital'),
    );
  if (event.tpAmb !== '2')
    return verdict(
      rejection('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'),
    );
  const expectedId = `ID${tpEvento}${chNFe}${nSeqEvento.padStart(2, '0')}`;
  if (event.Id !== expectedId) {
    return verdict(
      rejection(
        '572',
        'Rejeição: Erro Atributo ID do evento não corresponde a concatenação dos campos (ID + tpEvento + chNFe + nSeqEvento)',
      ),
    );
  }
  if (modulo11CheckDigit(chNFe.slice(0, 43)) !== chNFe.slice(43))
    return verdict(rejection('236', 'Rejeição: Chave de Acesso com dígito verificador inválido'));
  if (base.cOrgao !== chNFe.slice(0, 2))
    return verdict(rejection('250', 'Rejeição: UF diverge da UF autorizadora'));
  const svc = context.venue === 'svc' ? svcOf(chNFe.slice(0, 2)) : undefined;
  // G05g.1: a note of the UF's own authoriser is cancelled there, never at the SVC.
  if (svc && chNFe.charAt(34) !== svc.tpEmis) return verdict(tpEmisIncompatible(svc));
  if (author !== chNFe.slice(6, 20))
    return verdict(rejection('574', 'Rejeição: O autor do evento diverge do emissor da NF-e'));
  if (tpEvento !== CANCELAMENTO && tpEvento !== CARTA_CORRECAO)
    return verdict(rejection('491', 'Rejeição: O tpEvento informado inválido'));
  if (Date.parse(event.dhEvento) > context.receivedAt.getTime() + 5 * 60_000)
    return verdict(
      rejection('578', 'Rejeição: A data do evento não pode ser maior que a data do processamento'),
    );

  const { pool, schema, knobs } = context.state;
  const nfe = await findNfe(pool, schema, chNFe);
  if (!nfe) return verdict(rejection('494', 'Rejeição: Chave de Acesso inexistente'));
  const sequence = Number(nSeqEvento);
  if (await eventExists(pool, schema, chNFe, tpEvento, sequence))
    return verdict(rejection('573', 'Rejeição: Duplicidade de Evento'));
  if (tpEvento === CANCELAMENTO && nfe.status === 'cancelada')
    return verdict(rejection('218', 'Rejeição: NF-e já está cancelada na base de dados da SEFAZ'));
  if (nfe.status !== 'autorizada')
    return verdict(rejection('580', 'Rejeição: Evento exige uma NF-e autorizada'));

  if (tpEvento === CARTA_CORRECAO) {
    // Each CC-e takes the next sequence: a gap is refused like a number above the limit
    // (594, as issuers report it: ixcsoft.com.br "Rejeição 594", sefaz.md §4.3 lists 594 for CC-e).
    const last = await lastSequence(pool, schema, chNFe, CARTA_CORRECAO);
    if (sequence > last + 1)
      return verdict(
        rejection(
          '594',
          'Rejeição: O número de sequência do evento informado é maior que o permitido',
        ),
      );
  }

  let registered = rejection('135', 'Evento registrado e vinculado a NF-e');
  if (tpEvento === CANCELAMENTO) {
    if (sequence !== 1)
      return verdict(
        rejection(
          '594',
          'Rejeição: O número de sequência do evento informado é maior que o permitido',
        ),
      );
    if (event.detEvento.nProt !== nfe.protocolo)
      return verdict(
        rejection('222', 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado'),
      );
    const ageHours = (context.receivedAt.getTime() - nfe.recebidoEm.getTime()) / 3_600_000;
    if (ageHours > knobs.cancelDeadlineHours) {
      if (knobs.lateCancellation === 'reject')
        return verdict(
          rejection('501', 'Rejeição: Prazo de cancelamento superior ao previsto na Legislação'),
        );
      registered = rejection('155', 'Cancelamento homologado fora de prazo');
    }
  }

  const cUF = chNFe.slice(0, 2);
  const nProt = await nextProtocol(
    pool,
    schema,
    cUF,
    context.receivedAt,
    authoriserType(context.venue, cUF),
  );
  const answer = verdict(registered, { xEvento: X_EVENTO[tpEvento], nProt });
  const stored = await registerEvent(pool, schema, {
    chave: chNFe,
    tipo: tpEvento,
    sequencia: sequence,
    protocolo: nProt,
    cStat: registered.cStat,
    registradoEm: context.receivedAt,
    procEvento: buildProcEventoNFe(event.xml, answer),
    cancelsNote: tpEvento === CANCELAMENTO,
  });
  return stored ? answer : verdict(rejection('573', 'Rejeição: Duplicidade de Evento'));
}
