export { renderDanfe } from './render.js';
export { DanfeError } from './errors.js';
export { code128Modules, code128Values, QUIET_ZONE_MODULES } from './barcode/code128.js';
export { groupKey } from './format/documents.js';

export type { DanfeErrorCode } from './errors.js';
export type { DanfeOptions } from './options.js';
