import { brasiliaDateTime } from '../answers/datetime.js';
import { protNFe } from '../answers/messages.js';
import type { RequestContext } from '../context.js';
import { takeDocumentKnob } from '../db/document-knobs.js';
import type { RegisteredNfe } from '../db/nfe-registry.js';
import { registerNfe } from '../db/nfe-registry.js';
import { nextProtocol } from '../db/numbers.js';
import type { NfeView } from '../rules/index.js';
import { firstRejection, viewNfe } from '../rules/index.js';
import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';
import { cnpjOfCertificate } from '../tls/client-cnpj.js';
import type { Element } from '../xml/dom.js';
import { text } from '../xml/dom.js';
import { checkSignature } from '../xml/signature-status.js';

/** The verdict on one NF-e of a lot: its protNFe, and whether its answer is to be dropped. */
export interface NfeVerdict {
  readonly protNFe: string;
  readonly dropAnswer: boolean;
}

const AUTHORISED = rejection('100', 'Autorizado o uso da NF-e');
const AUTHORISED_LATE = rejection('150', 'Autorizado o uso da NF-e, autorização fora de prazo');
/** NT 2025.001 §02.4: a note issued more than 7 days before reception is authorised with 150. */
const LATE_AFTER_MS = 7 * 24 * 3600_000;
const DEFAULT_DENIAL = rejection('302', 'Uso Denegado: Irregularidade fiscal do destinatário');

/**
 * Judges the `index`-th signed NF-e of a lot as an authoriser does: signature (297/298), the document rules, any
 * forced outcome, then the registry (204/205/218/539/206). Authorised and denied notes get a
 * protocol and are kept.
 */
export async function authoriseNfe(
  message: string,
  index: number,
  element: Element,
  context: RequestContext,
): Promise<NfeVerdict> {
  const { pool, schema } = context.state;
  const view = viewNfe(element);
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const answer = (status: Rejection, extra: { nProt?: string; digVal?: string } = {}): string =>
    protNFe({ chNFe: view.chave, dhRecbto, ...extra, ...status });

  const signature = checkSignature(message, 'infNFe', index);
  if (!signature.valid) return { protNFe: answer(signature.status), dropAnswer: false };
  const digVal = signature.digestValue;
  const signerCnpj = cnpjOfCertificate(Buffer.from(signature.certificateBase64, 'base64'));
  const ruleFailure = firstRejection(view, {
    clientCnpj: context.clientCnpj,
    signerCnpj,
    receivedAt: context.receivedAt,
  });
  if (ruleFailure) return { protNFe: answer(ruleFailure, { digVal }), dropAnswer: false };

  const forced = await takeDocumentKnob(pool, schema, view.chave);
  if (forced?.action === 'reject') {
    const status = rejection(
      forced.cStat ?? '999',
      forced.xMotivo ?? 'Rejeição: Erro não catalogado',
    );
    return { protNFe: answer(status, { digVal }), dropAnswer: false };
  }
  const status =
    forced?.action === 'deny'
      ? rejection(forced.cStat ?? DEFAULT_DENIAL.cStat, forced.xMotivo ?? DEFAULT_DENIAL.xMotivo)
      : receivedLate(view, context.receivedAt)
        ? AUTHORISED_LATE
        : AUTHORISED;
  const nProt = await nextProtocol(pool, schema, view.cUF, context.receivedAt);
  const protocol = answer(status, { nProt, digVal });
  const record: RegisteredNfe = {
    chave: view.chave,
    cuf: view.cUF,
    emitente: view.emitente,
    modelo: view.modelo,
    serie: Number(view.serie),
    numero: Number(view.nNF),
    status: forced?.action === 'deny' ? 'denegada' : 'autorizada',
    cStat: status.cStat,
    xMotivo: status.xMotivo,
    protocolo: nProt,
    recebidoEm: context.receivedAt,
    digestValue: digVal,
    protNfe: protocol,
  };
  const outcome = await registerNfe(pool, schema, record);
  switch (outcome.kind) {
    case 'registered':
      return { protNFe: protocol, dropAnswer: forced?.action === 'drop_answer' };
    case 'same_number':
      return {
        protNFe: answer(
          rejection(
            '539',
            `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${outcome.otherChave}]`,
          ),
          { digVal },
        ),
        dropAnswer: false,
      };
    case 'voided':
      return {
        protNFe: answer(
          rejection('206', 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ'),
          { digVal },
        ),
        dropAnswer: false,
      };
    case 'same_chave':
      return {
        protNFe: answer(duplicate(outcome.existing, digVal), { digVal }),
        dropAnswer: false,
      };
  }
}

/**
 * 204 / 205 / 218 for a chave already in the registry. A resend of the very document (same
 * DigestValue) learns its original protocol from the xMotivo, as MOC rule 2B08-20 allows.
 */
function duplicate(existing: RegisteredNfe, digVal: string): Rejection {
  if (existing.status === 'denegada')
    return rejection('205', 'Rejeição: NF-e está denegada na base de dados da SEFAZ');
  if (existing.status === 'cancelada')
    return rejection('218', 'Rejeição: NF-e já está cancelada na base de dados da SEFAZ');
  if (existing.digestValue !== digVal) return rejection('204', 'Rejeição: Duplicidade de NF-e');
  return rejection(
    '204',
    `Rejeição: Duplicidade de NF-e [nProt:${existing.protocolo}][dhAut:${brasiliaDateTime(existing.recebidoEm)}]`,
  );
}

function receivedLate(view: NfeView, receivedAt: Date): boolean {
  const issued = Date.parse(text(view.ide, 'dhEmi') ?? '');
  return !Number.isNaN(issued) && receivedAt.getTime() - issued > LATE_AFTER_MS;
}
