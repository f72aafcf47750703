import type { Migration, MigrationProvider } from 'kysely';

import * as createProducts from './2026_11_21_0001_create_products.js';
import * as createSeries from './2026_11_21_0002_create_series.js';
import * as createCertificates from './2026_11_21_0003_create_certificates.js';
import * as createDocuments from './2026_11_21_0004_create_documents.js';
import * as indexDocumentFilters from './2026_11_21_0005_index_document_filters.js';
import * as documentRequestFingerprint from './2026_11_26_0006_document_request_fingerprint.js';
import * as seriesCounterStorage from './2026_11_26_0007_series_counter_storage.js';
import * as transmissionQueue from './2026_11_26_0008_transmission_queue.js';
import * as fiscalEvents from './2026_11_26_0009_fiscal_events.js';
import * as fiscalVoids from './2026_11_26_0010_fiscal_voids.js';
import * as transmissionReceipts from './2026_11_26_0011_transmission_receipts.js';
import * as sefazStatusCache from './2026_11_26_0012_sefaz_status_cache.js';
import * as documentXmlVacuumPacing from './2026_11_26_0013_document_xml_vacuum_pacing.js';
import * as nfeProcOnRead from './2026_11_26_0014_nfe_proc_on_read.js';
import * as databaseWriteBack from './2026_11_27_0015_database_write_back.js';
import * as packedDocumentXml from './2026_11_27_0016_packed_document_xml.js';
import * as queueClaimIndexes from './2026_11_27_0017_queue_claim_indexes.js';
import * as transmissionLocalFailures from './2026_11_28_0018_transmission_local_failures.js';
import * as webhooks from './2026_12_07_0019_webhooks.js';
import * as sefazContingencies from './2026_12_07_0020_sefaz_contingencies.js';

// Listed explicitly (not read from a folder) so they work the same from tsc output and bundles.
const migrations: Record<string, Migration> = {
  '2026_11_21_0001_create_products': createProducts,
  '2026_11_21_0002_create_series': createSeries,
  '2026_11_21_0003_create_certificates': createCertificates,
  '2026_11_21_0004_create_documents': createDocuments,
  '2026_11_21_0005_index_document_filters': indexDocumentFilters,
  '2026_11_26_0006_document_request_fingerprint': documentRequestFingerprint,
  '2026_11_26_0007_series_counter_storage': seriesCounterStorage,
  '2026_11_26_0008_transmission_queue': transmissionQueue,
  '2026_11_26_0009_fiscal_events': fiscalEvents,
  '2026_11_26_0010_fiscal_voids': fiscalVoids,
  '2026_11_26_0011_transmission_receipts': transmissionReceipts,
  '2026_11_26_0012_sefaz_status_cache': sefazStatusCache,
  '2026_11_26_0013_document_xml_vacuum_pacing': documentXmlVacuumPacing,
  '2026_11_26_0014_nfe_proc_on_read': nfeProcOnRead,
  '2026_11_27_0015_database_write_back': databaseWriteBack,
  '2026_11_27_0016_packed_document_xml': packedDocumentXml,
  '2026_11_27_0017_queue_claim_indexes': queueClaimIndexes,
  '2026_11_28_0018_transmission_local_failures': transmissionLocalFailures,
  '2026_12_07_0019_webhooks': webhooks,
  '2026_12_07_0020_sefaz_contingencies': sefazContingencies,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
