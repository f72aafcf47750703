import { NFE_NAMESPACE } from '../namespaces.js';
import { withoutXmlDeclaration } from '../xml/escape.js';

/** Thrown when the parts of a `*Proc` document do not belong together. */
export class ProcAssemblyError extends Error {
  override name = 'ProcAssemblyError';
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/*
 * The answer's elements may come prefixed (`<ns2:protNFe xmlns:ns2="…/nfe">`: `ProtNFe.xml` keeps
 * the authoriser's bytes, see xml/standalone.ts), so their names are matched with an optional prefix.
 */
const PREFIX = '(?:[A-Za-z_][\\w.-]*:)?';

function firstText(xml: string, name: string): string | undefined {
  return new RegExp(`<${PREFIX}${name}>([^<]*)</${PREFIX}${name}>`).exec(xml)?.[1];
}

function idOf(xml: string, element: string): string | undefined {
  return new RegExp(`<${element}\\s[^>]*\\bId="([^"]*)"`).exec(xml)?.[1];
}

function requireRoot(xml: string, name: string, what: string): string {
  const body = withoutXmlDeclaration(xml).trim();
  if (!new RegExp(`^<${PREFIX}${name}[\\s>]`).test(body))
    throw new ProcAssemblyError(`expected ${what}`);
  return body;
}

/**
 * `nfeProc` 4.00 (procNFe_v4.00.xsd): the signed NF-e, byte for byte, and the protNFe SEFAZ sent
 * for it (`ProtNFe.xml` of a parsed answer). The chave of both must agree.
 */
export function buildNfeProc(signedNfe: string, protNFe: string): string {
  const nfe = requireRoot(signedNfe, 'NFe', 'a signed <NFe>');
  const prot = requireRoot(protNFe, 'protNFe', 'a <protNFe>');
  const chave = idOf(nfe, 'infNFe')?.replace(/^NFe/, '');
  if (!chave || firstText(prot, 'chNFe') !== chave)
    throw new ProcAssemblyError('the protNFe is for another chave than the NF-e');
  const versao = /<infNFe\s[^>]*\bversao="([^"]*)"/.exec(nfe)?.[1] ?? '4.00';
  return `${XML_DECLARATION}<nfeProc xmlns="${NFE_NAMESPACE}" versao="${versao}">${nfe}${prot}</nfeProc>`;
}

/**
 * `procEventoNFe` 1.00: the signed `evento` and its `retEvento` (`RetEvento.xml`). Both must name
 * the same chave and event type.
 */
export function buildProcEventoNFe(signedEvento: string, retEvento: string): string {
  const evento = requireRoot(signedEvento, 'evento', 'a signed <evento>');
  const ret = requireRoot(retEvento, 'retEvento', 'a <retEvento>');
  for (const field of ['chNFe', 'tpEvento'] as const) {
    const answered = firstText(ret, field);
    if (answered !== undefined && answered !== firstText(evento, field))
      throw new ProcAssemblyError(`the retEvento ${field} differs from the evento's`);
  }
  return `${XML_DECLARATION}<procEventoNFe xmlns="${NFE_NAMESPACE}" versao="1.00">${evento}${ret}</procEventoNFe>`;
}

/**
 * The inutilização with its answer: root `ProcInutNFe` 4.00, as procInutNFe_v4.00.xsd names it
 * (docs/api-rules.md "Events and inutilização"), holding the signed `inutNFe` and `retInutNFe`.
 */
export function buildProcInutNFe(signedInutNFe: string, retInutNFe: string): string {
  const inut = requireRoot(signedInutNFe, 'inutNFe', 'a signed <inutNFe>');
  const ret = requireRoot(retInutNFe, 'retInutNFe', 'a <retInutNFe>');
  for (const field of ['nNFIni', 'nNFFin', 'serie'] as const) {
    const answered = firstText(ret, field);
    if (answered !== undefined && answered !== firstText(inut, field))
      throw new ProcAssemblyError(`the retInutNFe ${field} differs from the inutNFe's`);
  }
  return `${XML_DECLARATION}<ProcInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${inut}${ret}</ProcInutNFe>`;
}
