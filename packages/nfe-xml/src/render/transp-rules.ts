import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import type { CarrierId } from './transporta.js';

/** Who the transport rules compare the carrier with: the emitter and, when identified, the recipient. */
export interface TransportParties {
  /** emit/CNPJ. */
  readonly emitterCnpj: string;
  /** dest/CNPJ or dest/CPF, when the request identifies the recipient. */
  readonly recipient?: CarrierId;
  /**
   * Whether the goods leave (tpNF 1, the default): then the emitter sends them and the recipient
   * receives them; an incoming NF-e (tpNF 0) swaps the two.
   */
  readonly outgoing?: boolean;
}

/** Same company (CNPJ root, the first 8 characters) or same person (CPF). */
function sameParty(a: CarrierId, b: CarrierId): boolean {
  if (a.cnpj && b.cnpj) return a.cnpj.slice(0, 8) === b.cnpj.slice(0, 8);
  return a.cpf !== undefined && a.cpf === b.cpf;
}

const identified = (p: CarrierId | undefined): p is CarrierId =>
  p !== undefined && (p.cnpj !== undefined || p.cpf !== undefined);

const TRANSPORTE = ['transporte'];
const CARRIER = ['transporte', 'transportadora'];

const NO_CARRIER_WITHOUT_FREIGHT: Rejection = {
  code: 845,
  text: 'O Grupo Transportador não pode ser preenchido para Modalidade do frete informada',
};
const OWN_TRANSPORT_OF_SENDER: Rejection = {
  code: 846,
  text: 'Transporte próprio por conta do Remetente e CNPJ Base ou CPF do Transportador difere do CNPJ Base ou CPF do Remetente',
};
const NOT_OWN_TRANSPORT_OF_SENDER: Rejection = {
  code: 847,
  text: 'Transporte não é próprio por conta do Remetente e CNPJ Base ou CPF do Transportador igual ao CNPJ Base ou CPF do Remetente',
};
const OWN_TRANSPORT_OF_RECIPIENT: Rejection = {
  code: 848,
  text: 'Transporte próprio por conta do Destinatário e CNPJ Base ou CPF do Transportador difere do CNPJ Base ou CPF do Destinatário',
};
const NO_VEHICLE_INTERSTATE: Rejection = {
  code: 868,
  text: 'Grupos Veiculo Transporte e Reboque não devem ser informados',
};

/**
 * The carrier against the freight mode (MOC 7.0 Anexo I, group X; NT 2021.004 X03-30 to X04-80).
 * The sender is the emitter of goods leaving (tpNF 1) and the recipient of goods coming in
 * (tpNF 0); the receiver the other one.
 * - 845: with modFrete 9 (no transport) there is no carrier;
 * - 846: with modFrete 3 (own transport of the sender) the carrier is the sender (CNPJ root);
 * - 847: with modFrete 0 or 4 the carrier of goods leaving is not their sender (the NT's rule for
 *   goods coming in is not in force);
 * - 848: with modFrete 4 (own transport of the receiver) the carrier is the receiver.
 * Rules that compare ids run only when the carrier gives a CNPJ or CPF (SEFAZ's exception too),
 * and those of the recipient only when the request identifies it.
 */
export function checkCarrierRules(
  issues: IssueList,
  modFrete: string,
  carrier: CarrierId | undefined,
  parties: TransportParties,
): void {
  if (!carrier) return;
  if (modFrete === '9') {
    ruleIssue(
      issues,
      CARRIER,
      NO_CARRIER_WITHOUT_FREIGHT,
      'transporte.transportadora cannot be given with modalidade_frete 9 (sem ocorrência de transporte)',
    );
    return;
  }
  if (!identified(carrier)) return;
  const path = [...CARRIER, carrier.cnpj ? 'cnpj' : 'cpf'];
  const outgoing = parties.outgoing !== false;
  const emitter: CarrierId = { cnpj: parties.emitterCnpj };
  const recipient = identified(parties.recipient) ? parties.recipient : undefined;
  const sender = outgoing ? emitter : recipient;
  const receiver = outgoing ? recipient : emitter;
  const senderName = outgoing ? 'the emitter' : 'the recipient (the sender of goods coming in)';
  const receiverName = outgoing ? 'the recipient' : 'the emitter (the receiver of goods coming in)';
  if (modFrete === '3' && sender && !sameParty(carrier, sender))
    ruleIssue(
      issues,
      path,
      OWN_TRANSPORT_OF_SENDER,
      `with modalidade_frete 3 (transporte próprio por conta do remetente) the carrier is ${senderName} (same CNPJ root or CPF)`,
    );
  if (outgoing && (modFrete === '0' || modFrete === '4') && sameParty(carrier, emitter))
    ruleIssue(
      issues,
      path,
      NOT_OWN_TRANSPORT_OF_SENDER,
      `with modalidade_frete ${modFrete} the carrier's CNPJ root must differ from the emitter's (modalidade_frete 3 is the emitter's own transport)`,
    );
  if (modFrete === '4' && receiver && !sameParty(carrier, receiver))
    ruleIssue(
      issues,
      path,
      OWN_TRANSPORT_OF_RECIPIENT,
      `with modalidade_frete 4 (transporte próprio por conta do destinatário) the carrier is ${receiverName} (same CNPJ root or CPF)`,
    );
}

/** 868: an interstate operation names no road vehicle in the NF-e (the MDF-e carries it). */
export function checkInterstateVehicles(
  issues: IssueList,
  interstate: boolean,
  veiculo: boolean,
  reboques: boolean,
): void {
  if (!interstate) return;
  const message =
    'an interstate operation (uf_destino_tipo interestadual) carries no transporte.veiculo or transporte.reboques (the MDF-e names the vehicles)';
  if (veiculo) ruleIssue(issues, [...TRANSPORTE, 'veiculo'], NO_VEHICLE_INTERSTATE, message);
  if (reboques) ruleIssue(issues, [...TRANSPORTE, 'reboques'], NO_VEHICLE_INTERSTATE, message);
}

/** The recipient as the carrier rules compare it: its CNPJ or CPF as given. */
export function partyId(d: { cnpj?: string | null; cpf?: string | null }): CarrierId {
  if (typeof d.cnpj === 'string') return { cnpj: d.cnpj };
  if (typeof d.cpf === 'string') return { cpf: d.cpf };
  return {};
}
