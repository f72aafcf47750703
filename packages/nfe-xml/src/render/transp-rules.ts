import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import type { CarrierId } from './transporta.js';

/** Who the transport rules compare the carrier with: the emitter and, when identified, the recipient. */
export interface TransportParties {
  /** emit/CNPJ. */
  readonly emitterCnpj: string;
  /** dest/CNPJ or dest/CPF, when the request identifies the recipient. */
  readonly recipient?: CarrierId;
}

/** Same company (CNPJ root, the first 8 characters) or same person (CPF). */
function sameParty(a: CarrierId, b: CarrierId): boolean {
  if (a.cnpj && b.cnpj) return a.cnpj.slice(0, 8) === b.cnpj.slice(0, 8);
  return a.cpf !== undefined && a.cpf === b.cpf;
}

const TRANSPORTE = ['transporte'];
const CARRIER = ['transporte', 'transportadora'];

const NO_CARRIER_WITHOUT_FREIGHT: Rejection = {
  code: 845,
  text: 'O Grupo Transportador não pode ser preenchido para Modalidade do frete informada',
};
const OWN_TRANSPORT_OF_SENDER: Rejection = { code: 846 };
const NOT_OWN_TRANSPORT_OF_SENDER: Rejection = {
  code: 847,
  text: 'Transporte não é próprio por conta do Remetente e CNPJ Base ou CPF do Transportador igual ao CNPJ Base ou CPF do Remetente',
};
const OWN_TRANSPORT_OF_RECIPIENT: Rejection = {
  code: 848,
  text: 'Transporte próprio por conta do Destinatário e CNPJ Base ou CPF do Transportador difere do CNPJ Base ou CPF do Destinatário',
};
const NOT_OWN_TRANSPORT_OF_RECIPIENT: Rejection = {
  code: 849,
  text: 'Transporte não é próprio por conta do destinatário e CNPJ base ou CPF do transportador igual ao CNPJ base ou CPF do destinatário',
};
const NO_VEHICLE_INTERSTATE: Rejection = {
  code: 868,
  text: 'Grupos Veiculo Transporte e Reboque não devem ser informados',
};

/**
 * The carrier against the freight mode (MOC 7.0 Anexo I, group X; NT 2021.004):
 * - 845: with modFrete 9 (no transport) there is no carrier;
 * - 846 / 847: modFrete 3 (own transport of the sender) iff the carrier is the emitter (CNPJ root);
 * - 848 / 849: modFrete 4 (own transport of the recipient) iff the carrier is the recipient. SEFAZ
 *   waives 849 for fuel operations between branches of one company; Emissor waives it whenever
 *   emitter and recipient share a CNPJ root, so it never refuses what SEFAZ accepts.
 * Rules that compare ids run only when the carrier gives a CNPJ or CPF (SEFAZ's exception too).
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
  if (!carrier.cnpj && !carrier.cpf) return;
  const key = carrier.cnpj ? 'cnpj' : 'cpf';
  const emitter: CarrierId = { cnpj: parties.emitterCnpj };
  const isEmitter = sameParty(carrier, emitter);
  if (modFrete === '3' && !isEmitter) {
    ruleIssue(
      issues,
      [...CARRIER, key],
      OWN_TRANSPORT_OF_SENDER,
      'with modalidade_frete 3 (transporte próprio por conta do remetente) the carrier is the emitter (same CNPJ root)',
    );
  } else if (modFrete !== '3' && isEmitter) {
    ruleIssue(
      issues,
      [...CARRIER, key],
      NOT_OWN_TRANSPORT_OF_SENDER,
      `with modalidade_frete ${modFrete} the carrier's CNPJ root must differ from the emitter's (modalidade_frete 3 is the emitter's own transport)`,
    );
  }
  const recipient = parties.recipient;
  if (!recipient || (!recipient.cnpj && !recipient.cpf)) return;
  const isRecipient = sameParty(carrier, recipient);
  if (modFrete === '4' && !isRecipient) {
    ruleIssue(
      issues,
      [...CARRIER, key],
      OWN_TRANSPORT_OF_RECIPIENT,
      'with modalidade_frete 4 (transporte próprio por conta do destinatário) the carrier is the recipient (same CNPJ root or CPF)',
    );
  } else if (modFrete !== '4' && isRecipient && !sameParty(emitter, recipient)) {
    ruleIssue(
      issues,
      [...CARRIER, key],
      NOT_OWN_TRANSPORT_OF_RECIPIENT,
      `with modalidade_frete ${modFrete} the carrier cannot be the recipient (modalidade_frete 4 is the recipient's own transport)`,
    );
  }
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
