import { HOMOLOGACAO_DEST_NAME } from '@emissor/nfe-xml';

import { text } from '../xml/dom.js';
import type { RuleContext } from './context.js';
import { cnpjRoot } from './context.js';
import type { NfeView } from './nfe-view.js';
import type { Rejection } from './rejection.js';
import { rejection } from './rejection.js';

/** 252: the simulator is a homologação authoriser, so tpAmb=1 (produção) documents are refused. */
export function checkAmbiente(nfe: NfeView): Rejection | undefined {
  return nfe.tpAmb === '2'
    ? undefined
    : rejection('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento');
}

/**
 * 213: the emitter's CNPJ root must be the root of the certificate that opened the connection
 * and of the one that signed the document (MOC F03).
 */
export function checkCertificateOwner(nfe: NfeView, context: RuleContext): Rejection | undefined {
  const root = cnpjRoot(nfe.emitente);
  const signer = context.signerCnpj;
  if (root === cnpjRoot(context.clientCnpj) && (!signer || root === cnpjRoot(signer)))
    return undefined;
  return rejection(
    '213',
    'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
  );
}

/** 598: in homologação the recipient's name must be the fixed text (E04-20). */
export function checkHomologacaoRecipient(nfe: NfeView): Rejection | undefined {
  if (!nfe.dest || nfe.tpAmb !== '2') return undefined;
  const name = text(nfe.dest, 'xNome');
  if (name === undefined || name === HOMOLOGACAO_DEST_NAME) return undefined;
  return rejection(
    '598',
    'Rejeição: NF-e emitida em ambiente de homologação com Razão Social do destinatário diferente de NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
  );
}
