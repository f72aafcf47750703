import { CARD_BRANDS } from '@emissor/nfe-xml';

import { child, children, text, type XmlElement } from '../xml/dom.js';
import { cnpjRoot, type RuleContext } from './context.js';
import { cents, formatCents } from './decimal.js';
import { localDay } from './local-day.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';
import { isValidCnpj, isValidCpf } from './tax-ids.js';

/*
 * The rules of transp and cobr (MOC 7.0 Anexo I groups X and Y; NT 2021.004, NT 2025.001) and the
 * payment rules of the document's purpose (YA), in the order of the groups. The API refuses the same
 * requests before numbering them; these answer for documents that reach the authoriser anyway.
 */

/** Same company (CNPJ root) or same person (CPF); both ids as `CNPJ:` / `CPF:` text. */
function sameParty(a: XmlElement | undefined, b: XmlElement | undefined): boolean {
  if (!a || !b) return false;
  const cnpjA = text(a, 'CNPJ');
  const cnpjB = text(b, 'CNPJ');
  if (cnpjA && cnpjB) return cnpjRoot(cnpjA) === cnpjRoot(cnpjB);
  const cpfA = text(a, 'CPF');
  return cpfA !== undefined && cpfA === text(b, 'CPF');
}

/** X04-20, X05-10, X07-10: the carrier's CNPJ or CPF is a real one, and its IE goes with its UF. */
function checkCarrier(carrier: XmlElement): Rejection | undefined {
  const cnpj = text(carrier, 'CNPJ');
  if (cnpj !== undefined && !isValidCnpj(cnpj))
    return rejection('542', 'Rejeição: CNPJ do Transportador inválido');
  const cpf = text(carrier, 'CPF');
  if (cpf !== undefined && !isValidCpf(cpf))
    return rejection('543', 'Rejeição: CPF do Transportador inválido');
  if (child(carrier, 'IE') && !child(carrier, 'UF'))
    return rejection('559', 'Rejeição: UF do Transportador não informada');
  return undefined;
}

/**
 * The carrier itself (542, 543, 559), the carrier against the freight mode (845–848; 849 and the
 * 847 of goods coming in are not in force) and no road vehicle in interstate operations (868).
 */
function checkTransp(nfe: NfeView): Rejection | undefined {
  const transp = child(nfe.infNFe, 'transp');
  if (!transp) return undefined;
  const modFrete = text(transp, 'modFrete');
  const carrier = child(transp, 'transporta');
  const invalid = carrier ? checkCarrier(carrier) : undefined;
  if (invalid) return invalid;
  if (carrier && modFrete === '9')
    return rejection(
      '845',
      'Rejeição: O Grupo Transportador não pode ser preenchido para Modalidade do frete informada',
    );
  if (carrier && (text(carrier, 'CNPJ') || text(carrier, 'CPF'))) {
    // NT 2021.004 X04-30 to X04-80: the sender is the emitter of goods leaving (tpNF 1) and the
    // recipient of goods coming in; the receiver the other one.
    const outgoing = text(nfe.ide, 'tpNF') !== '0';
    const recipient =
      nfe.dest && (text(nfe.dest, 'CNPJ') || text(nfe.dest, 'CPF')) ? nfe.dest : undefined;
    const sender = outgoing ? nfe.emit : recipient;
    const receiver = outgoing ? recipient : nfe.emit;
    if (modFrete === '3' && sender && !sameParty(carrier, sender))
      return rejection(
        '846',
        'Rejeição: Transporte próprio por conta do Remetente e CNPJ Base ou CPF do Transportador difere do CNPJ Base ou CPF do Remetente',
      );
    if (outgoing && (modFrete === '0' || modFrete === '4') && sameParty(carrier, nfe.emit))
      return rejection(
        '847',
        'Rejeição: Transporte não é próprio por conta do Remetente e CNPJ Base ou CPF do Transportador igual ao CNPJ Base ou CPF do Remetente',
      );
    if (modFrete === '4' && receiver && !sameParty(carrier, receiver))
      return rejection(
        '848',
        'Rejeição: Transporte próprio por conta do Destinatário e CNPJ Base ou CPF do Transportador difere do CNPJ Base ou CPF do Destinatário',
      );
  }
  if (
    text(nfe.ide, 'idDest') === '2' &&
    (child(transp, 'veicTransp') || children(transp, 'reboque').length > 0)
  )
    return rejection(
      '868',
      'Rejeição: Grupos Veiculo Transporte e Reboque não devem ser informados',
    );
  return undefined;
}

/** The same day `years` later (29 February becomes 28 February in a common year). */
function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const rest = date.slice(4) === '-02-29' && !leap ? '-02-28' : date.slice(4);
  return `${year}${rest}`;
}

/**
 * 905, 902, 852, 900, 850, 797, 853, 851 on cobr: the due dates against dhEmi's date, and no
 * more than 10 years after the day the authoriser receives the note (`today`, in dhEmi's offset).
 */
function checkCobr(nfe: NfeView, today: string): Rejection | undefined {
  const cobr = child(nfe.infNFe, 'cobr');
  if (!cobr) return undefined;
  const fat = child(cobr, 'fat');
  if (!fat || !child(fat, 'nFat') || !child(fat, 'vOrig') || !child(fat, 'vLiq'))
    return rejection('905', 'Rejeição: Campos do grupo Fatura não informados');
  const vLiq = text(fat, 'vLiq');
  if (cents(text(fat, 'vOrig')) - cents(text(fat, 'vDesc')) !== cents(vLiq))
    return rejection(
      '902',
      'Rejeição: Valor Líquido da Fatura difere do Valor Original menos o Valor do Desconto',
    );
  const dups = children(cobr, 'dup');
  const issueDate = (text(nfe.ide, 'dhEmi') ?? '').slice(0, 10);
  const latest = addYears(today, 10);
  let previous = '';
  let sum = 0n;
  for (const [i, dup] of dups.entries()) {
    if (text(dup, 'nDup') !== String(i + 1).padStart(3, '0'))
      return rejection('852', 'Rejeição: Número da parcela inválido ou não informado');
    const dVenc = text(dup, 'dVenc') ?? '';
    if (dVenc === '' || dVenc < issueDate)
      return rejection(
        '900',
        'Rejeição: Data de vencimento da parcela não informada ou menor que Data de Emissão',
      );
    if (dVenc < previous)
      return rejection(
        '850',
        'Rejeição: Data de vencimento da parcela não informada ou menor que a Data de vencimento da parcela anterior',
      );
    if (dVenc > latest)
      return rejection(
        '797',
        `Rejeição: Data de vencimento da parcela superior a 10 anos da data atual [nOcor: ${i + 1}]`,
      );
    previous = dVenc;
    sum += cents(text(dup, 'vDup'));
  }
  if (dups.length === 1 && previous === issueDate)
    return rejection(
      '853',
      'Rejeição: Dados de cobrança não devem ser informados para pagamento à vista',
    );
  if (dups.length > 0 && sum !== cents(vLiq))
    return rejection(
      '851',
      `Rejeição: Soma do valor das parcelas difere do Valor Líquido da Fatura [${formatCents(sum)}]`,
    );
  return undefined;
}

/**
 * YA05-10, YA05-20, YA06-10: an integrated card payment names its acquirer and authorisation
 * (392), the acquirer's CNPJ is a real one (437), the brand is in the national table (443).
 */
function checkCard(card: XmlElement): Rejection | undefined {
  if (text(card, 'tpIntegra') === '1' && (!child(card, 'CNPJ') || !child(card, 'cAut')))
    return rejection(
      '392',
      'Rejeição: Não informados os dados da operação de pagamento por cartão de crédito / débito',
    );
  const cnpj = text(card, 'CNPJ');
  if (cnpj !== undefined && !isValidCnpj(cnpj))
    return rejection('437', 'Rejeição: CNPJ da instituição de pagamento inválido');
  const brand = text(card, 'tBand');
  if (brand !== undefined && !(CARD_BRANDS as readonly string[]).includes(brand))
    return rejection(
      '443',
      'Rejeição: Código da bandeira de cartão de crédito e/ou débito inexistente',
    );
  return undefined;
}

/**
 * 871 (adjustment and return notes pay with tPag 90), 904 (tPag 90/91 with vPag 0) and the card
 * of each payment (392, 437, 443).
 */
function checkPaymentKinds(nfe: NfeView): Rejection | undefined {
  if (!nfe.pag) return undefined;
  const finNFe = text(nfe.ide, 'finNFe');
  for (const detPag of children(nfe.pag, 'detPag')) {
    const tPag = text(detPag, 'tPag');
    if ((finNFe === '3' || finNFe === '4') && tPag !== '90')
      return rejection(
        '871',
        'Rejeição: O campo Meio de Pagamento deve ser preenchido com a opção Sem Pagamento',
      );
    if ((tPag === '90' || tPag === '91') && cents(text(detPag, 'vPag')) !== 0n)
      return rejection('904', 'Rejeição: Informado indevidamente campo valor de pagamento');
    const card = child(detPag, 'card');
    const invalid = card ? checkCard(card) : undefined;
    if (invalid) return invalid;
  }
  return undefined;
}

export function checkTransportBilling(nfe: NfeView, context: RuleContext): Rejection | undefined {
  const today = localDay(context.receivedAt, text(nfe.ide, 'dhEmi') ?? '');
  return checkTransp(nfe) ?? checkCobr(nfe, today) ?? checkPaymentKinds(nfe);
}
