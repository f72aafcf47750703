import { SOAP11_NAMESPACE, SOAP12_NAMESPACE } from '../namespaces.js';
import type { SefazService } from '../services.js';
import { SEFAZ_SERVICES } from '../services.js';
import { standaloneElement } from '../xml/standalone.js';
import type { XmlElement } from '../xml/tree.js';
import {
  child,
  children,
  childText,
  deepText,
  firstByLocalName,
  firstElement,
  firstNfeElement,
  readXml,
  XmlParseError,
} from '../xml/tree.js';
import { SefazAnswerError } from './errors.js';
import type {
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
} from './types.js';

/*
 * Real authorisers differ in the envelope (SOAP 1.1 or 1.2, with or without header), the wrapper
 * (`nfeResultMsg`, `nfe…Result`), the prefixes, and the pretty-printing. So the message is found
 * as the first element in the NF-e namespace wherever it sits, and fields by local name
 * (sefaz.md §1.1, the way sped-nfe's Standardize reads them).
 *
 * The answer is read as a light element tree (xml/tree.ts), not a DOM: the API reads a lot's
 * answer with dozens of protNFe several times a second beside its requests. The parsers get the
 * string the tree was read from, to hand out elements as their own bytes (xml/standalone.ts).
 */

function required(parent: XmlElement, name: string): string {
  const value = childText(parent, name);
  if (value === undefined)
    throw new SefazAnswerError('no_message', `<${parent.localName}> has no <${name}>`);
  return value;
}

function optionalNumber(parent: XmlElement, name: string): number | undefined {
  const text = childText(parent, name);
  if (text === undefined || !/^[0-9]+$/.test(text)) return undefined;
  return Number(text);
}

function versao(element: XmlElement): string {
  return element.attributes.get('versao') ?? '';
}

function parseProtNFe(element: XmlElement, xml: string): ProtNFe {
  const info = child(element, 'infProt');
  if (!info) throw new SefazAnswerError('no_message', '<protNFe> has no <infProt>');
  return {
    versao: versao(element),
    tpAmb: required(info, 'tpAmb'),
    verAplic: childText(info, 'verAplic') ?? '',
    chNFe: required(info, 'chNFe'),
    dhRecbto: childText(info, 'dhRecbto') ?? '',
    nProt: childText(info, 'nProt'),
    digVal: childText(info, 'digVal'),
    cStat: required(info, 'cStat'),
    xMotivo: childText(info, 'xMotivo') ?? '',
    cMsg: childText(info, 'cMsg'),
    xMsg: childText(info, 'xMsg'),
    xml: standaloneElement(xml, element),
  };
}

function parseRetEvento(element: XmlElement, xml: string): RetEvento {
  const info = child(element, 'infEvento');
  if (!info) throw new SefazAnswerError('no_message', '<retEvento> has no <infEvento>');
  return {
    versao: versao(element),
    Id: info.attributes.get('Id'),
    tpAmb: required(info, 'tpAmb'),
    verAplic: childText(info, 'verAplic') ?? '',
    cOrgao: childText(info, 'cOrgao'),
    cStat: required(info, 'cStat'),
    xMotivo: childText(info, 'xMotivo') ?? '',
    chNFe: childText(info, 'chNFe'),
    tpEvento: childText(info, 'tpEvento'),
    xEvento: childText(info, 'xEvento'),
    nSeqEvento: childText(info, 'nSeqEvento'),
    dhRegEvento: childText(info, 'dhRegEvento'),
    nProt: childText(info, 'nProt'),
    xml: standaloneElement(xml, element),
  };
}

function parseProcEventoNFe(element: XmlElement, xml: string): ProcEventoNFe {
  const info = child(child(element, 'evento') ?? element, 'infEvento');
  const retEvento = child(element, 'retEvento');
  return {
    versao: versao(element),
    tpEvento: info && childText(info, 'tpEvento'),
    chNFe: info && childText(info, 'chNFe'),
    nSeqEvento: info && childText(info, 'nSeqEvento'),
    dhEvento: info && childText(info, 'dhEvento'),
    retEvento: retEvento && parseRetEvento(retEvento, xml),
    xml: standaloneElement(xml, element),
  };
}

function parseRetEnviNFe(e: XmlElement, xml: string): RetEnviNFe {
  const infRec = child(e, 'infRec');
  const nRec = infRec && childText(infRec, 'nRec');
  const prot = child(e, 'protNFe');
  return {
    kind: 'retEnviNFe',
    versao: versao(e),
    tpAmb: required(e, 'tpAmb'),
    verAplic: childText(e, 'verAplic') ?? '',
    cStat: required(e, 'cStat'),
    xMotivo: childText(e, 'xMotivo') ?? '',
    cUF: childText(e, 'cUF'),
    dhRecbto: childText(e, 'dhRecbto'),
    recibo: infRec && nRec ? { nRec, tMed: optionalNumber(infRec, 'tMed') } : undefined,
    protNFe: prot && parseProtNFe(prot, xml),
  };
}

function parseRetConsReciNFe(e: XmlElement, xml: string): RetConsReciNFe {
  return {
    kind: 'retConsReciNFe',
    versao: versao(e),
    tpAmb: required(e, 'tpAmb'),
    verAplic: childText(e, 'verAplic') ?? '',
    nRec: childText(e, 'nRec'),
    cStat: required(e, 'cStat'),
    xMotivo: childText(e, 'xMotivo') ?? '',
    cUF: childText(e, 'cUF'),
    dhRecbto: childText(e, 'dhRecbto'),
    cMsg: childText(e, 'cMsg'),
    xMsg: childText(e, 'xMsg'),
    protNFe: children(e, 'protNFe').map((p) => parseProtNFe(p, xml)),
  };
}

function parseRetConsSitNFe(e: XmlElement, xml: string): RetConsSitNFe {
  const prot = child(e, 'protNFe');
  return {
    kind: 'retConsSitNFe',
    versao: versao(e),
    tpAmb: required(e, 'tpAmb'),
    verAplic: childText(e, 'verAplic') ?? '',
    cStat: required(e, 'cStat'),
    xMotivo: childText(e, 'xMotivo') ?? '',
    cUF: childText(e, 'cUF'),
    dhRecbto: childText(e, 'dhRecbto'),
    chNFe: childText(e, 'chNFe'),
    protNFe: prot && parseProtNFe(prot, xml),
    procEventoNFe: children(e, 'procEventoNFe').map((p) => parseProcEventoNFe(p, xml)),
  };
}

function parseRetConsStatServ(e: XmlElement): RetConsStatServ {
  return {
    kind: 'retConsStatServ',
    versao: versao(e),
    tpAmb: required(e, 'tpAmb'),
    verAplic: childText(e, 'verAplic') ?? '',
    cStat: required(e, 'cStat'),
    xMotivo: childText(e, 'xMotivo') ?? '',
    cUF: childText(e, 'cUF'),
    dhRecbto: childText(e, 'dhRecbto'),
    tMed: optionalNumber(e, 'tMed'),
    dhRetorno: childText(e, 'dhRetorno'),
    xObs: childText(e, 'xObs'),
  };
}

function parseRetEnvEvento(e: XmlElement, xml: string): RetEnvEvento {
  return {
    kind: 'retEnvEvento',
    versao: versao(e),
    idLote: childText(e, 'idLote') ?? '',
    tpAmb: required(e, 'tpAmb'),
    verAplic: childText(e, 'verAplic') ?? '',
    cOrgao: childText(e, 'cOrgao'),
    cStat: required(e, 'cStat'),
    xMotivo: childText(e, 'xMotivo') ?? '',
    retEvento: children(e, 'retEvento').map((r) => parseRetEvento(r, xml)),
  };
}

function parseRetInutNFe(e: XmlElement, xml: string): RetInutNFe {
  const info = child(e, 'infInut');
  if (!info) throw new SefazAnswerError('no_message', '<retInutNFe> has no <infInut>');
  return {
    kind: 'retInutNFe',
    versao: versao(e),
    Id: info.attributes.get('Id'),
    tpAmb: required(info, 'tpAmb'),
    verAplic: childText(info, 'verAplic') ?? '',
    cStat: required(info, 'cStat'),
    xMotivo: childText(info, 'xMotivo') ?? '',
    cUF: childText(info, 'cUF'),
    ano: childText(info, 'ano'),
    CNPJ: childText(info, 'CNPJ'),
    mod: childText(info, 'mod'),
    serie: childText(info, 'serie'),
    nNFIni: childText(info, 'nNFIni'),
    nNFFin: childText(info, 'nNFFin'),
    dhRecbto: childText(info, 'dhRecbto'),
    nProt: childText(info, 'nProt'),
    xml: standaloneElement(xml, e),
  };
}

const PARSERS: Readonly<Record<SefazAnswer['kind'], (e: XmlElement, xml: string) => SefazAnswer>> =
  {
    retEnviNFe: parseRetEnviNFe,
    retConsReciNFe: parseRetConsReciNFe,
    retConsSitNFe: parseRetConsSitNFe,
    retConsStatServ: parseRetConsStatServ,
    retEnvEvento: parseRetEnvEvento,
    retInutNFe: parseRetInutNFe,
  };

function soapFaultReason(fault: XmlElement): string {
  const text =
    firstByLocalName(fault, 'Text') ??
    firstByLocalName(fault, 'faultstring') ??
    firstByLocalName(fault, 'Reason');
  return (
    deepText(text ?? fault)
      .trim()
      .slice(0, 500) || 'SOAP Fault'
  );
}

/** A message and the string its offsets count in. */
interface Found {
  readonly element: XmlElement;
  readonly xml: string;
}

const ESCAPED_MESSAGE = /<(\w+:)?ret\w+[\s>]/;

/**
 * Some servers send the answer as escaped text inside the wrapper instead of as elements: the
 * first element whose text holds a `<ret…` tag carries it, and it is read as a document of its own.
 */
function escapedMessage(root: XmlElement): Found | undefined {
  const holder = firstElement(root, (e) => ESCAPED_MESSAGE.test(e.text));
  if (!holder) return undefined;
  const xml = holder.text.slice(holder.text.search(ESCAPED_MESSAGE)).trim();
  try {
    const element = firstNfeElement(readXml(xml));
    return element && { element, xml };
  } catch {
    return undefined;
  }
}

function readAnswer(body: string): XmlElement {
  try {
    return readXml(body);
  } catch (error) {
    if (error instanceof XmlParseError) throw new SefazAnswerError('not_xml', error.message);
    throw error;
  }
}

/**
 * Reads any SEFAZ answer (a SOAP 1.1/1.2 envelope or a bare message) into a typed result.
 *
 * @param expected the service that was called; another message kind throws `unexpected_message`.
 * @throws {SefazAnswerError} `not_xml`, `soap_fault`, `no_message`, `unexpected_message`.
 */
export function parseSefazAnswer(body: string, expected?: SefazService): SefazAnswer {
  const root = readAnswer(body);
  const envelope =
    root.localName === 'Envelope' &&
    (root.namespace === SOAP12_NAMESPACE || root.namespace === SOAP11_NAMESPACE);
  if (envelope) {
    const soapBody = root.children.find((e) => e.localName === 'Body');
    const fault = soapBody?.children.find((e) => e.localName === 'Fault');
    if (fault) throw new SefazAnswerError('soap_fault', soapFaultReason(fault));
  }
  const inline = firstNfeElement(root);
  const found = inline ? { element: inline, xml: body } : escapedMessage(root);
  if (!found) throw new SefazAnswerError('no_message', 'no element in the NF-e namespace');
  const name = found.element.localName;
  if (!Object.prototype.hasOwnProperty.call(PARSERS, name))
    throw new SefazAnswerError('no_message', `<${name}> is not a SEFAZ answer`);
  const parser = PARSERS[name as SefazAnswer['kind']];
  if (expected && SEFAZ_SERVICES[expected].answerRoot !== name)
    throw new SefazAnswerError(
      'unexpected_message',
      `expected <${SEFAZ_SERVICES[expected].answerRoot}>, got <${name}>`,
    );
  return parser(found.element, found.xml);
}

function parseAs<K extends SefazAnswer['kind']>(
  body: string,
  service: SefazService,
): Extract<SefazAnswer, { kind: K }> {
  return parseSefazAnswer(body, service) as Extract<SefazAnswer, { kind: K }>;
}

export const parseRetEnviNFeAnswer = (body: string): RetEnviNFe =>
  parseAs<'retEnviNFe'>(body, 'NFeAutorizacao4');
export const parseRetConsReciNFeAnswer = (body: string): RetConsReciNFe =>
  parseAs<'retConsReciNFe'>(body, 'NFeRetAutorizacao4');
export const parseRetConsSitNFeAnswer = (body: string): RetConsSitNFe =>
  parseAs<'retConsSitNFe'>(body, 'NFeConsultaProtocolo4');
export const parseRetConsStatServAnswer = (body: string): RetConsStatServ =>
  parseAs<'retConsStatServ'>(body, 'NFeStatusServico4');
export const parseRetEnvEventoAnswer = (body: string): RetEnvEvento =>
  parseAs<'retEnvEvento'>(body, 'NFeRecepcaoEvento4');
export const parseRetInutNFeAnswer = (body: string): RetInutNFe =>
  parseAs<'retInutNFe'>(body, 'NFeInutilizacao4');

/** Reads a stored `procEventoNFe` (also one whose `evento` lost its namespace, as SEFAZ-PR's did). */
export function parseProcEventoNFeDocument(xml: string): ProcEventoNFe {
  const proc = firstByLocalName(readAnswer(xml), 'procEventoNFe');
  if (!proc) throw new SefazAnswerError('no_message', 'no <procEventoNFe>');
  return parseProcEventoNFe(proc, xml);
}
