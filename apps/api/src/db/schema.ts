import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps come back from pg as Date and may be written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in (`default now()`). */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface ProductTable {
  id: Generated<string>;
  name: string;
  /** The public half of the API key (`emk_<key_id>_…`), used to find the row. */
  key_id: string;
  /** bcrypt hash of the whole key; the clear key is never stored. */
  key_hash: string;
  created_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

export interface SeriesTable {
  id: Generated<string>;
  product_id: string;
  tenant_ref: string;
  branch_ref: string;
  document_model: Generated<string>;
  serie: number;
  next_number: number;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

export interface CertificateTable {
  id: Generated<string>;
  product_id: string;
  tenant_ref: string;
  branch_ref: string;
  cnpj: string;
  cnpj_certificado: string;
  subject_cn: string;
  not_valid_before: Timestamp;
  not_valid_after: Timestamp;
  /** AES-256-GCM ciphertexts (iv ‖ tag ‖ data) of the .pfx and of its password. */
  pfx_ciphertext: Buffer;
  password_ciphertext: Buffer;
  /** Which master key encrypted them, so the master key can be rotated. */
  master_key_id: string;
  created_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

export interface DocumentTable {
  id: Generated<string>;
  product_id: string;
  tenant_ref: string;
  branch_ref: string;
  series_id: string;
  document_model: string;
  serie: number;
  numero: number;
  chave_acesso: string;
  codigo_numerico: string;
  status: string;
  ambiente: string;
  rejeicao_codigo: string | null;
  rejeicao_motivo: string | null;
  protocolo: string | null;
  autorizada_em: NullableTimestamp;
  idempotency_key: string;
  /** SHA-256 of the canonical request body (request-fingerprint.ts); null on documents older than it. */
  request_fingerprint: string | null;
  created_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

/** The signed XML lives apart from the record so that list scans stay on narrow rows. */
export interface DocumentXmlTable {
  document_id: string;
  /** Documents stored before migration 0016; null when `packed`. */
  xml: string | null;
  /** XML_PACKING of src/storage/xml-packing.js, with the certificate the dictionary was made of. */
  packing: number | null;
  packing_certificate_id: number | null;
  packed: Buffer | null;
}

/** The certificates packed documents were packed with (migration 0016). */
export interface PackingCertificateTable {
  id: Generated<number>;
  sha256: Buffer;
  certificate_base64: string;
}

/** Documents still in transmission to SEFAZ (a row per document, deleted with its final status). */
export interface TransmissionQueueTable {
  document_id: string;
  attempts: Generated<number>;
  sent: Generated<boolean>;
  recibo: string | null;
  recibo_at: NullableTimestamp;
  t_med: number | null;
  last_cstat: string | null;
  last_error: string | null;
  local_failures: Generated<number>;
  available_at: DefaultedTimestamp;
  enqueued_at: DefaultedTimestamp;
}

/**
 * The protocol SEFAZ gave a document (autorizada, denegada). `nfe_proc` is only set on rows stored
 * before migration 0014; since then the nfeProc is assembled from the NF-e and `prot_nfe` on read.
 */
export interface DocumentProtocolTable {
  document_id: string;
  prot_nfe: string;
  nfe_proc: string | null;
  created_at: DefaultedTimestamp;
}

/** A cancellation or carta de correção of a document (docs/api-rules.md "Events and inutilização"). */
export interface FiscalEventTable {
  id: Generated<string>;
  product_id: string;
  document_id: string;
  tipo: 'cancelamento' | 'carta_correcao';
  sequencia: number;
  status: Generated<'processando' | 'registrado' | 'rejeitado'>;
  protocolo: string | null;
  registrado_em: NullableTimestamp;
  rejeicao_codigo: string | null;
  rejeicao_motivo: string | null;
  idempotency_key: string;
  request_fingerprint: string;
  /** The signed `evento`. */
  evento_xml: string;
  /** `procEventoNFe` once registered. */
  proc_xml: string | null;
  created_at: DefaultedTimestamp;
}

/** An inutilização of a range of a series' numbers. */
export interface FiscalVoidTable {
  id: Generated<string>;
  product_id: string;
  tenant_ref: string;
  branch_ref: string;
  series_id: string;
  serie: number;
  numero_inicial: number;
  numero_final: number;
  ambiente: string;
  cuf: string;
  cnpj: string;
  ano: string;
  justificativa: string;
  origem: 'manual' | 'rejeicao';
  document_id: string | null;
  status: Generated<'processando' | 'homologada' | 'rejeitada'>;
  protocolo: string | null;
  homologada_em: NullableTimestamp;
  rejeicao_codigo: string | null;
  rejeicao_motivo: string | null;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  /** The signed `inutNFe` (an automatic void's is written by its first attempt). */
  inut_xml: string | null;
  /** `ProcInutNFe` once homologada. */
  proc_xml: string | null;
  created_at: DefaultedTimestamp;
}

/** Events and inutilizações still in transmission (a row each, deleted with the final status). */
interface SefazWorkQueueColumns {
  attempts: Generated<number>;
  sent: Generated<boolean>;
  last_cstat: string | null;
  last_error: string | null;
  available_at: DefaultedTimestamp;
  enqueued_at: DefaultedTimestamp;
}
export interface FiscalEventQueueTable extends SefazWorkQueueColumns {
  event_id: string;
}
export interface FiscalVoidQueueTable extends SefazWorkQueueColumns {
  void_id: string;
}

/**
 * The last status SEFAZ gave per authoriser and ambiente, shared by every process
 * (modules/sefaz-status/status-cache.ts).
 */
export interface SefazStatusTable {
  autorizador: string;
  ambiente: string;
  /** The last answer (cStat, xMotivo, tMed) and when SEFAZ gave it; null until one came. */
  codigo: string | null;
  motivo: string | null;
  tempo_medio_s: number | null;
  consultado_em: NullableTimestamp;
  /** The last attempt, answered or not, and why it failed (null when it was answered). */
  tentado_em: Timestamp;
  falha: string | null;
}

export interface MasterKeyTable {
  id: string;
  /** argon2id salt for deriving the AES key from EMISSOR_MASTER_KEY. */
  salt: Buffer;
  /** A known plaintext encrypted under the key: proves a configured secret is the right one. */
  check_ciphertext: Buffer;
  created_at: DefaultedTimestamp;
  retired_at: NullableTimestamp;
}

/** A product's webhook (docs/webhooks.md); its secrets are stored only encrypted. */
export interface WebhookTable {
  id: string;
  product_id: string;
  url: string;
  /** null: every event type. */
  eventos: string[] | null;
  ativo: Generated<boolean>;
  /** AES-256-GCM of the JSON `{current, previous}` secrets, bound to product and webhook id. */
  secrets_ciphertext: Buffer;
  master_key_id: string;
  previous_secret_expires_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

/** One message to one webhook, with every attempt (the outbox and its history). */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  seq: Generated<string>;
  webhook_id: string;
  event_id: string;
  type: string;
  resource_id: string | null;
  ordering_key: string | null;
  payload: string;
  status: Generated<'pendente' | 'entregue' | 'falhou'>;
  attempts: ColumnType<unknown[], string | undefined, string>;
  attempt_count: Generated<number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultedTimestamp;
}

/** A period a UF and ambiente spent in SVC contingency; the open one (ended_at null) is its mode now. */
export interface SefazContingencyTable {
  id: Generated<string>;
  uf: string;
  ambiente: 'producao' | 'homologacao';
  tp_emis: '6' | '7';
  started_at: Timestamp;
  justification: string;
  ended_at: NullableTimestamp;
}

export interface Database {
  products: ProductTable;
  series: SeriesTable;
  certificates: CertificateTable;
  documents: DocumentTable;
  document_xml: DocumentXmlTable;
  packing_certificates: PackingCertificateTable;
  master_keys: MasterKeyTable;
  transmission_queue: TransmissionQueueTable;
  document_protocols: DocumentProtocolTable;
  fiscal_events: FiscalEventTable;
  fiscal_event_queue: FiscalEventQueueTable;
  fiscal_voids: FiscalVoidTable;
  fiscal_void_queue: FiscalVoidQueueTable;
  sefaz_status: SefazStatusTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  sefaz_contingencies: SefazContingencyTable;
}

export type Product = Selectable<ProductTable>;
export type Series = Selectable<SeriesTable>;
export type Certificate = Selectable<CertificateTable>;
export type NewCertificate = Insertable<CertificateTable>;
export type DocumentRow = Selectable<DocumentTable>;
export type NewDocument = Insertable<DocumentTable>;
export type MasterKey = Selectable<MasterKeyTable>;
export type PackingCertificate = Selectable<PackingCertificateTable>;
export type FiscalEventRow = Selectable<FiscalEventTable>;
export type FiscalVoidRow = Selectable<FiscalVoidTable>;
export type WebhookRow = Selectable<WebhookTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
