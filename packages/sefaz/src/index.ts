// Messages (pure)
export {
  buildEnviNFe,
  buildEnviNFeParts,
  checkNfeTravelsAlone,
  MAX_MESSAGE_BYTES,
  MAX_NFE_PER_LOT,
} from './messages/envi-nfe.js';
export { LOT_ENVELOPE_BYTES, MAX_NFE_BYTES } from './messages/lot-envelope.js';
export { buildConsReciNFe, buildConsSitNFe, buildConsStatServ } from './messages/queries.js';
export {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  buildEnvEvento,
  CCE_CONDICAO_USO,
  eventoId,
  MAX_EVENTS_PER_LOT,
  MAX_N_SEQ_EVENTO,
  signEvento,
  TP_EVENTO_CANCELAMENTO,
  TP_EVENTO_CARTA_CORRECAO,
} from './messages/evento.js';
export {
  buildInutNFe,
  inutilizacaoId,
  MAX_INUTILIZACAO_NUMBERS,
  signInutNFe,
} from './messages/inut-nfe.js';
export { packLots } from './messages/lots.js';
export {
  ambienteOf,
  isEventDateTime,
  isSchemaText,
  isUfCode,
  schemaTextProblem,
  tpAmbOf,
} from './messages/fields.js';
export { SefazMessageError } from './messages/errors.js';

// SOAP (pure)
export {
  soapFaultEnvelope,
  soapRequestContentType,
  soapRequestEnvelope,
  soapRequestEnvelopeParts,
  soapResponseContentType,
  soapResponseEnvelope,
} from './soap/envelope.js';
export { readSoapRequest, serviceFromSoapAction, SoapRequestError } from './soap/request.js';

// Answers (pure)
export {
  parseProcEventoNFeDocument,
  parseRetConsReciNFeAnswer,
  parseRetConsSitNFeAnswer,
  parseRetConsStatServAnswer,
  parseRetEnviNFeAnswer,
  parseRetEnvEventoAnswer,
  parseRetInutNFeAnswer,
  parseSefazAnswer,
} from './answers/parse.js';
export { SefazAnswerError } from './answers/errors.js';

// nfeProc, procEventoNFe, ProcInutNFe (pure)
export {
  buildNfeProc,
  buildProcEventoNFe,
  buildProcInutNFe,
  ProcAssemblyError,
} from './proc/assemble.js';

// Classification (pure)
export { classifyCStat, cStatMeaning } from './classify/cstat.js';
export {
  classifyAutorizacao,
  classifyConsulta,
  classifyEventos,
  classifyInutilizacao,
  classifyStatus,
} from './classify/answers.js';
export { classifyFailure } from './classify/failure.js';
export {
  duplicateReference,
  inutilizacaoConflict,
  isDuplicateEvento,
} from './classify/duplicates.js';
export { registeredEvento } from './classify/registered-event.js';

// Endpoints (pure data)
export {
  autorizadorOf,
  cUFOf,
  EndpointError,
  isUf,
  resolveEndpoint,
  ufOfCUF,
  UFS,
} from './endpoints/resolve.js';
export { svcOf, svcOfChave, svcOfTpEmis } from './endpoints/svc.js';
export { ENDPOINT_TABLE, UF_AUTHORISERS } from './endpoints/table.js';

// Services and namespaces
export {
  changesState,
  isSefazService,
  SEFAZ_SERVICE_NAMES,
  SEFAZ_SERVICES,
  serviceForRequestRoot,
  soapAction,
  wsdlNamespace,
} from './services.js';
export {
  NFE_NAMESPACE,
  SOAP11_NAMESPACE,
  SOAP12_NAMESPACE,
  WSDL_NAMESPACE_PREFIX,
  XMLDSIG_NAMESPACE,
} from './namespaces.js';

// For servers: reading requests, building answers (pure)
export { documentsOfLot, readSefazRequest, SefazRequestError } from './server/read-request.js';
export {
  buildProtNFe,
  buildRetConsReciNFe,
  buildRetConsSitNFe,
  buildRetConsStatServ,
  buildRetEnviNFe,
  buildRetEnvEvento,
  buildRetEvento,
  buildRetInutNFe,
} from './server/answers.js';

// Transport (the only I/O)
export { TransportError } from './transport/errors.js';
export { SefazClient } from './transport/client.js';
export { AgentPool } from './transport/agent-pool.js';
export { postSoap } from './transport/post.js';
export { sefazTrustStore, splitPemBundle, vendoredSefazCas } from './transport/trust.js';

export type { EnviNFeInput } from './messages/envi-nfe.js';
export type { CancelamentoInput, CartaCorrecaoInput } from './messages/evento.js';
export type { InutilizacaoInput } from './messages/inut-nfe.js';
export type { Ambiente, Autor, SchemaTextProblem } from './messages/fields.js';
export type { SefazMessageErrorCode } from './messages/errors.js';
export type { SoapMessage, SoapVersion } from './soap/envelope.js';
export type { SoapRequest, SoapRequestErrorCode } from './soap/request.js';
export type {
  ProcEventoNFe,
  ProtNFe,
  RetConsReciNFe,
  RetConsSitNFe,
  RetConsStatServ,
  RetEnviNFe,
  RetEnvEvento,
  RetEvento,
  RetInutNFe,
  SefazAnswer,
  SefazAnswerKind,
} from './answers/types.js';
export type { SefazAnswerErrorCode } from './answers/errors.js';
export type { CStatMeaning } from './classify/cstat.js';
export type {
  Classification,
  ClassificationKind,
  CStatContext,
  FinalResult,
} from './classify/types.js';
export type { EventoOutcome, EventoRef, NfeOutcome } from './classify/answers.js';
export type { InutilizacaoConflict } from './classify/duplicates.js';
export type { Autorizador, Endpoint, EndpointQuery, Uf } from './endpoints/resolve.js';
export type { Svc, SvcAutorizador, SvcTpEmis } from './endpoints/svc.js';
export type { SefazAnswerRoot, SefazRequestRoot, SefazService } from './services.js';
export type { TransportErrorCode } from './transport/errors.js';
export type {
  ConsReciNFeRequest,
  ConsSitNFeRequest,
  ConsStatServRequest,
  EnviNFeRequest,
  EnvEventoRequest,
  InutNFeRequest,
  LotEvento,
  LotNfe,
  SefazRequest,
} from './server/request-types.js';
export type {
  AnswerStatus,
  LotAnswerFields,
  ProtNFeFields,
  RetEventoFields,
} from './server/answers.js';
export type { SefazCall, SefazClientOptions } from './transport/client.js';
export type { AgentPoolOptions, TlsCredentials } from './transport/agent-pool.js';
export type { SoapPost, SoapResponse } from './transport/post.js';
