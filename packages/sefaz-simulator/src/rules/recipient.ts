import { child, text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';
import { stateCode } from './states.js';

/*
 * The recipient against the operation's destination (MOC 7.0 Anexo I group E, and I08-94): an
 * export's recipient is abroad, identified by idEstrangeiro, not an ICMS taxpayer, in another
 * country; a foreign recipient of an operation inside Brazil is a final consumer and not
 * interstate; an address's city belongs to its state. The city's and the country's existence
 * (274, 377) need the IBGE and BACEN tables, which this authoriser does not keep.
 */

const BRASIL = 1058;
/** Fuel sold to a consumer established in another state: the exception of I08-94. */
const FUEL_TO_ANOTHER_STATE = '6667';

/** E03a-10 … E17-40 in their order, then I08-94: the first rule the recipient breaks. */
export function checkRecipient(nfe: NfeView): Rejection | undefined {
  const idDest = text(nfe.ide, 'idDest');
  const dest = nfe.dest;
  if (!dest) return undefined;
  const foreign = child(dest, 'idEstrangeiro') !== undefined;
  const address = child(dest, 'enderDest');
  const uf = address ? text(address, 'UF') : undefined;
  const cPais = address ? text(address, 'cPais') : undefined;
  const ie = child(dest, 'IE') !== undefined;
  if (idDest === '3' && !foreign)
    return rejection(
      '720',
      'Rejeição: Na operação com Exterior deve ser informada tag idEstrangeiro',
    );
  if (idDest !== '3' && foreign && text(nfe.ide, 'indFinal') !== '1')
    return rejection(
      '721',
      'Rejeição: Informado idEstrangeiro e Operação não é com consumidor final.',
    );
  if (foreign && ie)
    return rejection(
      '925',
      'Rejeição: NF-e com identificação de estrangeiro e inscrição estadual informada para destinatário',
    );
  const cMun = address ? (text(address, 'cMun') ?? '') : '';
  if (address && uf !== 'EX' && cMun.slice(0, 2) !== stateCode(uf))
    return rejection(
      '275',
      'Rejeição: Código Município do Destinatário: difere da UF do Destinatário',
    );
  if (uf === 'EX' && cMun !== '9999999')
    return rejection(
      '509',
      'Rejeição: Informado código de município diferente de “9999999” para operação com o exterior',
    );
  if (idDest === '3' && uf !== 'EX')
    return rejection('727', 'Rejeição: Operação com Exterior e UF diferente de EX');
  const country = cPais === undefined ? undefined : Number(cPais);
  if (idDest === '3' && (country === undefined || country === BRASIL))
    return rejection(
      '510',
      'Rejeição: Operação com Exterior e Código País destinatário é 1058 (Brasil) ou não informado',
    );
  if (idDest !== '3' && country !== undefined && country !== BRASIL && !foreign)
    return rejection(
      '511',
      'Rejeição: Não é de Operação com Exterior e Código País destinatário difere de 1058 (Brasil)',
    );
  if (uf === 'EX' && country === BRASIL)
    return rejection('926', 'Rejeição: Operação com Exterior e país de destino igual a Brasil.');
  if (idDest === '3' && text(dest, 'indIEDest') !== '9')
    return rejection(
      '790',
      'Rejeição: Operação com Exterior para destinatário Contribuinte de ICMS',
    );
  if (ie && uf === 'EX')
    return rejection(
      '792',
      'Rejeição: Informada a IE do destinatário para operação com destinatário no Exterior',
    );
  if (
    idDest === '2' &&
    foreign &&
    !nfe.items.some((det) => text(det, 'prod', 'CFOP') === FUEL_TO_ANOTHER_STATE)
  )
    return rejection('771', 'Rejeição: Informado idEstrangeiro em operação interestadual');
  return undefined;
}
