import { toWinAnsi } from '../format/win-ansi.js';
import { children, type XmlElement } from '../xml/xml-tree.js';
import { FieldReader } from './field-reader.js';
import type { AdditionalInfo, Intermediary, Observation, ProcessReference } from './types.js';

function observations(infAdic: FieldReader, name: string): Observation[] {
  return children(infAdic.element, name).flatMap((el: XmlElement, i) => {
    const text = new FieldReader(el, `${infAdic.path}/${name}[${i + 1}]`).text('xTexto');
    const field = toWinAnsi((el.attributes.get('xCampo') ?? '').trim());
    return text === undefined && field === '' ? [] : [{ field, text: text ?? '' }];
  });
}

function processes(infAdic: FieldReader): ProcessReference[] {
  return children(infAdic.element, 'procRef').flatMap((el, i) => {
    const p = new FieldReader(el, `${infAdic.path}/procRef[${i + 1}]`);
    const number = p.text('nProc');
    if (number === undefined) return [];
    return [{ number, origin: p.text('indProc') ?? '', actType: p.text('tpAto') }];
  });
}

/** infAdic (group Z): infAdFisco, infCpl, obsCont, obsFisco and procRef. */
export function readAdditional(infAdic: FieldReader): AdditionalInfo {
  return {
    fisco: infAdic.text('infAdFisco'),
    complementary: infAdic.text('infCpl'),
    taxpayerNotes: observations(infAdic, 'obsCont'),
    fiscoNotes: observations(infAdic, 'obsFisco'),
    processes: processes(infAdic),
  };
}

/** infIntermed (group YB): the intermediary platform's CNPJ and its id of the buyer. */
export function readIntermediary(infIntermed: FieldReader): Intermediary | undefined {
  if (!infIntermed.element) return undefined;
  return { cnpj: infIntermed.text('CNPJ'), id: infIntermed.text('idCadIntTran') };
}
