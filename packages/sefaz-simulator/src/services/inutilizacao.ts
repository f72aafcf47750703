import type { InutNFeRequest } from '@emissor/sefaz';
import { buildRetInutNFe, MAX_INUTILIZACAO_NUMBERS } from '@emissor/sefaz';

import { AUTHORISER } from '../answers/authoriser.js';
import { brasiliaDateTime } from '../answers/datetime.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { nextProtocol } from '../db/numbers.js';
import type { VoidOutcome } from '../db/voids.js';
import { registerVoid } from '../db/voids.js';
import { cnpjRoot } from '../rules/context.js';
import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';
import { INUTILIZACAO_NOT_AT_SVC } from '../svc/rejections.js';
import { cnpjOfCertificate } from '../tls/client-cnpj.js';
import { messageRejection } from '../xml/message-checks.js';
import { checkSignature } from '../xml/signature-status.js';
import { takeDrop } from './drop-answer.js';
import { outageStatus } from './outage.js';

/** The range an inutilização named, echoed in its answer once the request passed the schema. */
interface InutRange {
  readonly ano: string;
  readonly CNPJ: string;
  readonly mod: string;
  readonly serie: string;
  readonly nNFIni: string;
  readonly nNFFin: string;
}

const REGISTRY_REJECTIONS: Record<Exclude<VoidOutcome, 'registered'>, Rejection> = {
  number_used: rejection('241', 'Rejeição: Um número da faixa já foi utilizado'),
  already_voided: rejection(
    '256',
    'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ',
  ),
  same_range: rejection(
    '563',
    'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização',
  ),
};

/**
 * NFeInutilizacao4 (`inutNFe`): voids a range of unused numbers of a series (102). Not at the SVC
 * (586): a number is voided at the UF's own authoriser once it is back (NT 2013.007 §04.5).
 */
export async function inutilizacao(
  request: InutNFeRequest,
  message: string,
  context: RequestContext,
): Promise<ServiceAnswer> {
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const requestedUf = request.cUF;
  const cUF = /^[1-5][0-9]$/.test(requestedUf) ? requestedUf : '43';
  const reply = (status: Rejection, range?: InutRange, nProt?: string) => ({
    message: buildRetInutNFe({ ...AUTHORISER, ...status, cUF, ...range, dhRecbto, nProt }),
  });
  if (context.outage) return reply(outageStatus(context.outage));
  const refused = messageRejection(message, 'inutNFe', '215');
  if (refused) return reply(refused);
  if (context.venue === 'svc') return reply(INUTILIZACAO_NOT_AT_SVC);
  const answer = await judgeRange(request, message, reply, context);
  return { ...answer, dropAnswer: takeDrop(context.state, 'dropInutilizacaoAnswers') };
}

/** The rules of a schema-valid inutilização, then the registry: 102, or the first rejection. */
async function judgeRange(
  request: InutNFeRequest,
  message: string,
  reply: (status: Rejection, range?: InutRange, nProt?: string) => ServiceAnswer,
  context: RequestContext,
): Promise<ServiceAnswer> {
  const { cUF } = request;
  const range: InutRange = {
    ano: request.ano,
    CNPJ: request.CNPJ ?? '',
    mod: request.mod,
    serie: request.serie,
    nNFIni: request.nNFIni,
    nNFFin: request.nNFFin,
  };
  const judge = (status: Rejection) => reply(status, range);

  const signature = checkSignature(message, 'infInut');
  if (!signature.valid) return judge(signature.status);
  const signer = cnpjOfCertificate(Buffer.from(signature.certificateBase64, 'base64'));
  if (
    cnpjRoot(range.CNPJ) !== cnpjRoot(context.clientCnpj) ||
    (signer && cnpjRoot(signer) !== cnpjRoot(range.CNPJ))
  )
    return judge(
      rejection(
        '213',
        'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
      ),
    );
  if (request.tpAmb !== '2')
    return judge(
      rejection('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'),
    );
  const first = Number(range.nNFIni);
  const last = Number(range.nNFFin);
  if (first > last)
    return judge(rejection('224', 'Rejeição: A faixa inicial é maior que a faixa final'));
  if (last - first + 1 > MAX_INUTILIZACAO_NUMBERS)
    return judge(
      rejection('201', 'Rejeição: O numero máximo de numeração a inutilizar ultrapassou o limite'),
    );
  const currentYear = Number(brasiliaDateTime(context.receivedAt).slice(2, 4));
  if (Number(range.ano) > currentYear)
    return judge(
      rejection('453', 'Rejeição: Ano de inutilização não pode ser superior ao Ano atual'),
    );
  if (Number(range.ano) < 6)
    return judge(rejection('454', 'Rejeição: Ano de inutilização não pode ser inferior a 2006'));

  const { pool, schema } = context.state;
  const nProt = await nextProtocol(pool, schema, cUF, context.receivedAt);
  const outcome = await registerVoid(
    pool,
    schema,
    {
      cuf: cUF,
      emitente: range.CNPJ,
      modelo: range.mod,
      serie: Number(range.serie),
      numeroInicial: first,
      numeroFinal: last,
    },
    nProt,
    context.receivedAt,
  );
  if (outcome !== 'registered') return judge(REGISTRY_REJECTIONS[outcome]);
  return reply(rejection('102', 'Inutilização de número homologado'), range, nProt);
}
