import type { Logger } from '../../logging/logger.js';
import {
  startWorkEngine,
  type WorkEngine,
  type WorkEngineSettings,
} from '../../queue/work-engine.js';
import {
  transmissionKind,
  type TransmissionKindSettings,
  type TransmissionPorts,
} from './transmission-kind.js';

export type { TransmissionPorts } from './transmission-kind.js';

export type TransmissionSettings = TransmissionKindSettings & WorkEngineSettings;

/**
 * The transmission of one API process: documents claimed from the queue (`ports.store`) and
 * exchanged with SEFAZ (`settings.client`) as lots, receipt polls and consultations, their results
 * stored. A process that dies mid-exchange loses nothing: the rows' leases end and whoever claims
 * them next consults SEFAZ before anything is resent.
 */
export function startTransmission(
  ports: TransmissionPorts,
  settings: TransmissionSettings,
  logger: Logger,
): WorkEngine {
  return startWorkEngine(transmissionKind(ports, settings, logger), settings, logger);
}
