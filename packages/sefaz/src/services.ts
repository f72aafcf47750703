import { WSDL_NAMESPACE_PREFIX } from './namespaces.js';

/**
 * The six NF-e 4.00 web services, by WSDL name (the names `SEFAZ_URL` appends, docs/api-rules.md
 * "Transmission to SEFAZ"), with what travels in each (sefaz.md §1.2).
 */
export const SEFAZ_SERVICES = {
  NFeAutorizacao4: {
    operation: 'nfeAutorizacaoLote',
    requestRoot: 'enviNFe',
    answerRoot: 'retEnviNFe',
    versao: '4.00',
  },
  NFeRetAutorizacao4: {
    operation: 'nfeRetAutorizacaoLote',
    requestRoot: 'consReciNFe',
    answerRoot: 'retConsReciNFe',
    versao: '4.00',
  },
  NFeConsultaProtocolo4: {
    operation: 'nfeConsultaNF',
    requestRoot: 'consSitNFe',
    answerRoot: 'retConsSitNFe',
    versao: '4.00',
  },
  NFeStatusServico4: {
    operation: 'nfeStatusServicoNF',
    requestRoot: 'consStatServ',
    answerRoot: 'retConsStatServ',
    versao: '4.00',
  },
  NFeRecepcaoEvento4: {
    operation: 'nfeRecepcaoEvento',
    requestRoot: 'envEvento',
    answerRoot: 'retEnvEvento',
    versao: '1.00',
  },
  NFeInutilizacao4: {
    operation: 'nfeInutilizacaoNF',
    requestRoot: 'inutNFe',
    answerRoot: 'retInutNFe',
    versao: '4.00',
  },
} as const;

export type SefazService = keyof typeof SEFAZ_SERVICES;

export const SEFAZ_SERVICE_NAMES = Object.keys(SEFAZ_SERVICES) as readonly SefazService[];

/** The request root element of each service, e.g. `enviNFe` → `NFeAutorizacao4`. */
export type SefazRequestRoot = (typeof SEFAZ_SERVICES)[SefazService]['requestRoot'];
export type SefazAnswerRoot = (typeof SEFAZ_SERVICES)[SefazService]['answerRoot'];

export function isSefazService(name: string): name is SefazService {
  return Object.prototype.hasOwnProperty.call(SEFAZ_SERVICES, name);
}

/** `http://www.portalfiscal.inf.br/nfe/wsdl/<service>`: the namespace of `nfeDadosMsg`/`nfeResultMsg`. */
export function wsdlNamespace(service: SefazService): string {
  return `${WSDL_NAMESPACE_PREFIX}/${service}`;
}

/** The SOAP action: WSDL namespace + `/` + operation. */
export function soapAction(service: SefazService): string {
  return `${wsdlNamespace(service)}/${SEFAZ_SERVICES[service].operation}`;
}

/** The service whose request root is `root` (`enviNFe` → `NFeAutorizacao4`), if any. */
export function serviceForRequestRoot(root: string): SefazService | undefined {
  return SEFAZ_SERVICE_NAMES.find((s) => SEFAZ_SERVICES[s].requestRoot === root);
}

/** Whether a lost answer leaves the outcome unknown: the request may have changed state at SEFAZ. */
export function changesState(service: SefazService): boolean {
  return (
    service === 'NFeAutorizacao4' ||
    service === 'NFeRecepcaoEvento4' ||
    service === 'NFeInutilizacao4'
  );
}
