import { child, children, text, type XmlElement } from '../xml/dom.js';
import { cents, formatCents } from './decimal.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';

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
  if (cnpjA && cnpjB) return cnpjA.slice(0, 8) === cnpjB.slice(0, 8);
  const cpfA = text(a, 'CPF');
  return cpfA !== undefined && cpfA === text(b, 'CPF');
}

/** 845–849 (carrier against the freight mode) and 868 (no road vehicle in interstate operations). */
function checkTransp(nfe: NfeView): Rejection | undefined {
  const transp = child(nfe.infNFe, 'transp');
  if (!transp) return undefined;
  const modFrete = text(transp, 'modFrete');
  const carrier = child(transp, 'transporta');
  if (carrier && modFrete === '9')
    return rejection(
      '845',
      'Rejeição: O Grupo Transportador não pode ser preenchido para Modalidade do frete informada',
    );
  if (carrier && (text(carrier, 'CNPJ') || text(carrier, 'CPF'))) {
    const isEmitter = sameParty(carrier, nfe.emit);
    if (modFrete === '3' && !isEmitter)
      return rejection(
        '846',
        'Rejeição: Transporte próprio por conta do Remetente e CNPJ Base ou CPF do Transportador difere do CNPJ Base ou CPF do Remetente',
      );
    if (modFrete !== '3' && isEmitter)
      return rejection(
        '847',
        'Rejeição: Transporte não é próprio por conta do Remetente e CNPJ Base ou CPF do Transportador igual ao CNPJ Base ou CPF do Remetente',
      );
    if (nfe.dest && (text(nfe.dest, 'CNPJ') || text(nfe.dest, 'CPF'))) {
      const isRecipient = sameParty(carrier, nfe.dest);
      if (modFrete === '4' && !isRecipient)
        return rejection(
          '848',
          'Rejeição: Transporte próprio por conta do Destinatário e CNPJ Base ou CPF do Transportador difere do CNPJ Base ou CPF do Destinatário',
        );
      if (modFrete !== '4' && isRecipient && !sameParty(nfe.emit, nfe.dest))
        return rejection(
          '849',
          'Rejeição: Transporte não é próprio por conta do Destinatário e CNPJ Base ou CPF do Transportador igual ao CNPJ Base ou CPF do Destinatário',
        );
    }
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

/** 902, 852, 900, 850, 853, 851 on cobr, against dhEmi's date. */
function checkCobr(nfe: NfeView): Rejection | undefined {
  const cobr = child(nfe.infNFe, 'cobr');
  if (!cobr) return undefined;
  const fat = child(cobr, 'fat');
  const vLiq = fat ? text(fat, 'vLiq') : undefined;
  if (fat && vLiq !== undefined && text(fat, 'vOrig') !== undefined) {
    if (cents(text(fat, 'vOrig')) - cents(text(fat, 'vDesc')) !== cents(vLiq))
      return rejection(
        '902',
        'Rejeição: Valor Líquido da Fatura difere do Valor Original menos o Valor do Desconto',
      );
  }
  const dups = children(cobr, 'dup');
  const issueDate = (text(nfe.ide, 'dhEmi') ?? '').slice(0, 10);
  let previous = '';
  let sum = 0n;
  for (const [i, dup] of dups.entries()) {
    if (text(dup, 'nDup') !== String(i + 1).padStart(3, '0'))
      return rejection('852', 'Rejeição: Número da parcela inválido ou não informado');
    const dVenc = text(dup, 'dVenc') ?? '';
    if (dVenc === '' || dVenc < issueDate)
      return rejection(
        '900',
        'Rejeição: Data de vencimento da parcela não informada ou menor que a Data de Emissão',
      );
    if (dVenc < previous)
      return rejection(
        '850',
        'Rejeição: Data de vencimento da parcela não informada ou menor que a Data de vencimento da parcela anterior',
      );
    previous = dVenc;
    sum += cents(text(dup, 'vDup'));
  }
  if (dups.length === 1 && previous === issueDate)
    return rejection(
      '853',
      'Rejeição: Dados de cobrança não devem ser informados para pagamento à vista',
    );
  if (dups.length > 0 && (vLiq === undefined || sum !== cents(vLiq)))
    return rejection(
      '851',
      `Rejeição: Soma do valor das parcelas difere do Valor Líquido da Fatura [${formatCents(sum)}]`,
    );
  return undefined;
}

/** 871 (adjustment and return notes pay with tPag 90) and 904 (tPag 90/91 with vPag 0). */
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
  }
  return undefined;
}

export function checkTransportBilling(nfe: NfeView): Rejection | undefined {
  return checkTransp(nfe) ?? checkCobr(nfe) ?? checkPaymentKinds(nfe);
}
