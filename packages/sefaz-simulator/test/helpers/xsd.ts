import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCHEMAS = fileURLToPath(new URL('../../schemas/', import.meta.url));

/** The official schema files answers and assembled documents are checked against. */
export const SCHEMA = {
  retEnviNFe: 'PL_010b_NT2025_002_v1.30/retEnviNFe_v4.00.xsd',
  retConsReciNFe: 'PL_010b_NT2025_002_v1.30/retConsReciNFe_v4.00.xsd',
  retConsSitNFe: 'PL_010b_NT2025_002_v1.30/retConsSitNFe_v4.00.xsd',
  retConsStatServ: 'PL_010b_NT2025_002_v1.30/retConsStatServ_v4.00.xsd',
  retInutNFe: 'PL_010b_NT2025_002_v1.30/retInutNFe_v4.00.xsd',
  procNFe: 'PL_010b_NT2025_002_v1.30/procNFe_v4.00.xsd',
  procInutNFe: 'PL_010b_NT2025_002_v1.30/procInutNFe_v4.00.xsd',
  retEnvEvento: 'eventos/evento_generico/retEnvEvento_v1.00.xsd',
  retEnvEventoCancelamento: 'eventos/evento_cancelamento_110111/retEnvEventoCancNFe_v1.00.xsd',
  retEnvEventoCartaCorrecao: 'eventos/evento_cce_110110/retEnvCCe_v1.00.xsd',
  procEventoCancelamento: 'eventos/evento_cancelamento_110111/procEventoCancNFe_v1.00.xsd',
  procEventoCartaCorrecao: 'eventos/evento_cce_110110/procCCeNFe_v1.00.xsd',
} as const;

/** xmllint's verdict (an independent libxml2 build): empty when `xml` is valid under the schema. */
export function xmllintErrors(xml: string, schema: keyof typeof SCHEMA): string {
  try {
    execFileSync('xmllint', ['--noout', '--schema', SCHEMAS + SCHEMA[schema], '-'], {
      input: xml,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return '';
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    return stderr.trim();
  }
}
