import { NFE_NAMESPACE } from '../namespaces.js';
import type { Ambiente } from './fields.js';
import { CHAVE_PATTERN, requireMatch, tpAmbOf } from './fields.js';

/** `consReciNFe` 4.00 for `NFeRetAutorizacao4`: the result of an asynchronous lot. */
export function buildConsReciNFe(input: {
  readonly ambiente: Ambiente;
  readonly nRec: string;
}): string {
  const nRec = requireMatch('nRec', input.nRec, /^[0-9]{15}$/, 'a 15-digit recibo');
  return (
    `<consReciNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmbOf(input.ambiente)}</tpAmb>` +
    `<nRec>${nRec}</nRec></consReciNFe>`
  );
}

/** `consSitNFe` 4.00 for `NFeConsultaProtocolo4`: what SEFAZ knows of a chave. */
export function buildConsSitNFe(input: {
  readonly ambiente: Ambiente;
  readonly chave: string;
}): string {
  const chave = requireMatch('chave', input.chave, CHAVE_PATTERN, 'a 44-character chave de acesso');
  return (
    `<consSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmbOf(input.ambiente)}</tpAmb>` +
    `<xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe></consSitNFe>`
  );
}

/** `consStatServ` 4.00 for `NFeStatusServico4`; `cUF` is the IBGE code of the UF asked about. */
export function buildConsStatServ(input: {
  readonly ambiente: Ambiente;
  readonly cUF: string;
}): string {
  const cUF = requireMatch('cUF', input.cUF, /^[1-5][0-9]$/, 'a 2-digit IBGE UF code');
  return (
    `<consStatServ xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>${tpAmbOf(input.ambiente)}</tpAmb>` +
    `<cUF>${cUF}</cUF><xServ>STATUS</xServ></consStatServ>`
  );
}
