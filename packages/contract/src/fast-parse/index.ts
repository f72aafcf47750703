export { BAIL, compile, compileFastParse, ZOD_UUID } from './compile.js';
export type { FastCompilable, FastParse, Node } from './compile.js';
export { fastObject, setFastParse } from './fast-object.js';
