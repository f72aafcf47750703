import { isValidCodigoNumerico, modulo11CheckDigit } from '@emissor/nfe-xml';

import { text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import type { Rejection } from './rejection.js';
import { rejection } from './rejection.js';

/**
 * 253 / 502: the chave's check digit, then the chave against the fields it is made of
 * (cUF, AAMM of dhEmi, emitter, mod, serie, nNF, tpEmis, cNF, cDV).
 */
export function checkChave(nfe: NfeView): Rejection | undefined {
  const { ide, chave } = nfe;
  if (modulo11CheckDigit(chave.slice(0, 43)) !== chave.slice(43)) {
    return rejection('253', 'Rejeição: Digito Verificador da chave de acesso composta inválida');
  }
  const dhEmi = text(ide, 'dhEmi') ?? '';
  const expected =
    nfe.cUF +
    dhEmi.slice(2, 4) +
    dhEmi.slice(5, 7) +
    nfe.emitente +
    nfe.modelo +
    nfe.serie.padStart(3, '0') +
    nfe.nNF.padStart(9, '0') +
    (text(ide, 'tpEmis') ?? '') +
    (text(ide, 'cNF') ?? '') +
    (text(ide, 'cDV') ?? '');
  if (expected === chave) return undefined;
  return rejection(
    '502',
    'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
  );
}

/** 897: cNF trivial or equal to nNF (NT 2019.001). */
export function checkCodigoNumerico(nfe: NfeView): Rejection | undefined {
  const cNF = text(nfe.ide, 'cNF') ?? '';
  return isValidCodigoNumerico(cNF, Number(nfe.nNF))
    ? undefined
    : rejection('897', 'Rejeição: Código numérico em formato inválido.');
}

/** 703: dhEmi may not be later than the reception, with the 5-minute tolerance of B09-10. */
export function checkIssueDate(nfe: NfeView, receivedAt: Date): Rejection | undefined {
  const issued = Date.parse(text(nfe.ide, 'dhEmi') ?? '');
  if (Number.isNaN(issued) || issued <= receivedAt.getTime() + 5 * 60_000) return undefined;
  return rejection('703', 'Rejeição: Data-Hora de Emissão posterior ao horário de recebimento');
}
