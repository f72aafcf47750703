import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { sharedDir, sharedPath } from '@emissor/test-support';

import { SefazAnswerError } from '../answers/errors.js';
import { parseSefazAnswer } from '../answers/parse.js';
import type { SefazAnswer } from '../answers/types.js';
import { TransportError } from '../transport/errors.js';
import {
  classifyAutorizacao,
  classifyConsulta,
  classifyEventos,
  classifyInutilizacao,
  classifyStatus,
} from './answers.js';
import { cStatMeaning } from './cstat.js';
import { classifyFailure } from './failure.js';
import type { CStatContext } from './types.js';

/** Codes with a meaning other than "final rejection", where they have it. */
const SPECIAL: ReadonlyArray<[string, CStatContext, string]> = [
  ['100', 'protocolo', 'final:autorizada'],
  ['150', 'protocolo', 'final:autorizada'],
  ['110', 'protocolo', 'final:denegada'],
  ['205', 'protocolo', 'final:denegada'],
  ['301', 'protocolo', 'final:denegada'],
  ['302', 'protocolo', 'final:denegada'],
  ['303', 'protocolo', 'final:denegada'],
  ['204', 'protocolo', 'unknown'],
  ['539', 'protocolo', 'unknown'],
  ['103', 'lote', 'pending'],
  ['105', 'lote', 'pending'],
  ['104', 'lote', 'per_item'],
  ['106', 'lote', 'unknown'],
  ['107', 'status', 'final:em_operacao'],
  ['108', 'status', 'retryable'],
  ['109', 'status', 'retryable'],
  ['113', 'status', 'final:svc_inativa'],
  ['114', 'status', 'final:svc_inativa'],
  ['108', 'lote', 'retryable'],
  ['109', 'protocolo', 'retryable'],
  ['656', 'lote', 'throttled'],
  ['656', 'consulta', 'throttled'],
  ['656', 'evento', 'throttled'],
  ['128', 'lote_evento', 'per_item'],
  ['135', 'evento', 'final:registrado'],
  ['136', 'evento', 'final:registrado'],
  ['155', 'evento', 'final:registrado'],
  ['573', 'evento', 'unknown'],
  ['102', 'inutilizacao', 'final:homologada'],
  ['101', 'consulta', 'final:cancelada'],
  ['217', 'consulta', 'final:inexistente'],
  ['100', 'consulta', 'final:autorizada'],
];

const describeMeaning = (context: CStatContext, cStat: string): string => {
  const meaning = cStatMeaning(context, cStat);
  return meaning.kind === 'final' ? `final:${meaning.result}` : meaning.kind;
};

/** The cStat codes of sefaz.md §10's table ("103 / 104", "280–286", "601–604" expanded). */
function researchCodes(): string[] {
  const text = readFileSync(sharedPath('research', 'sefaz.md'), 'utf8');
  const section = text.slice(text.indexOf('## 10.'), text.indexOf('## 11.'));
  const codes = new Set<string>();
  for (const line of section.split('\n')) {
    const cell = /^\| ([0-9][0-9 /–-]*) \|/.exec(line)?.[1];
    if (!cell) continue;
    for (const part of cell.split('/').map((p) => p.trim())) {
      const range = /^([0-9]+)[–-]([0-9]+)$/.exec(part);
      if (range) for (let n = Number(range[1]); n <= Number(range[2]); n++) codes.add(String(n));
      else if (/^[0-9]+$/.test(part)) codes.add(part);
    }
  }
  return [...codes];
}

describe('cStat table', () => {
  it.each(SPECIAL)('%s in %s → %s', (cStat, context, expected) => {
    expect(describeMeaning(context, cStat)).toBe(expected);
  });

  it.skipIf(!sharedDir())(
    'every other code of the sefaz.md §10 list is a final rejection of the NF-e or its lot',
    () => {
      const codes = researchCodes();
      expect(codes.length).toBeGreaterThan(100);
      const special = new Set(SPECIAL.map(([code]) => code));
      const checked = codes.filter((code) => !special.has(code));
      for (const code of checked) {
        expect([code, describeMeaning('protocolo', code)]).toEqual([code, 'final:rejeitada']);
        expect([code, describeMeaning('lote', code)]).toEqual([code, 'final:rejeitada']);
      }
      // The special codes of the list are all in the table above.
      for (const code of [
        '100',
        '103',
        '104',
        '105',
        '106',
        '107',
        '108',
        '109',
        '110',
        '204',
        '539',
        '656',
        '135',
        '128',
      ])
        expect(codes).toContain(code);
    },
  );

  it('reads four-digit codes (NT 2025.002) as rejections and ignores surrounding space', () => {
    expect(describeMeaning('protocolo', '1234')).toBe('final:rejeitada');
    expect(describeMeaning('protocolo', ' 100 ')).toBe('final:autorizada');
  });
});

const sample = (path: string): SefazAnswer =>
  parseSefazAnswer(readFileSync(sharedPath('nfe-samples', 'sefaz', ...path.split('/')), 'utf8'));

describe.skipIf(!sharedDir())('every real answer gets the right classification', () => {
  it('authorisation answers', () => {
    const sync = sample('sped-nfe/retEnviNFe.xml');
    if (sync.kind !== 'retEnviNFe') throw new Error('kind');
    const chave = '43211105730928000145650010000002401717268120';
    expect(classifyAutorizacao(sync, [chave])).toMatchObject([
      {
        chave,
        classification: { kind: 'final', result: 'autorizada', cStat: '100' },
        protNFe: { nProt: '143220000009921' },
      },
    ]);
    expect(
      classifyAutorizacao(sync, ['35000000000000000000550010000000011000000000'])[0]?.classification
        .kind,
    ).toBe('unknown');

    const async = sample('nfelib-svrs-2023/svrs_hom_retEnviNFe_103_async.soap11.xml');
    if (async.kind !== 'retEnviNFe') throw new Error('kind');
    expect(classifyAutorizacao(async, ['a', 'b'])).toEqual([
      {
        chave: 'a',
        nRec: '423002202113232',
        classification: { kind: 'pending', cStat: '103', xMotivo: 'Lote recebido com sucesso' },
      },
      {
        chave: 'b',
        nRec: '423002202113232',
        classification: { kind: 'pending', cStat: '103', xMotivo: 'Lote recebido com sucesso' },
      },
    ]);

    const rejected = sample('nfelib-svrs-2023/svrs_hom_retConsReciNFe_104_prot297.soap11.xml');
    if (rejected.kind !== 'retConsReciNFe') throw new Error('kind');
    expect(
      classifyAutorizacao(rejected, ['42230675277525000259550010000364481754015406'])[0]
        ?.classification,
    ).toEqual({
      kind: 'final',
      result: 'rejeitada',
      cStat: '297',
      xMotivo: 'Rejeicao: Assinatura difere do calculado',
    });
    const sp = sample('sped-nfe/2017reconsrec.xml');
    if (sp.kind !== 'retConsReciNFe') throw new Error('kind');
    expect(
      classifyAutorizacao(sp, ['35170358716523000119550010000000301000000300'])[0]?.classification,
    ).toMatchObject({ kind: 'final', result: 'autorizada' });
  });

  it('consultas, status, events and inutilização', () => {
    const c217 = sample('nfelib-svrs-2023/svrs_hom_retConsSitNFe_217.soap11.xml');
    const c101 = sample('unimake/retConsSitNFe2.xml');
    const c100 = sample('unimake/retConsSitNFe4.xml');
    if (
      c217.kind !== 'retConsSitNFe' ||
      c101.kind !== 'retConsSitNFe' ||
      c100.kind !== 'retConsSitNFe'
    )
      throw new Error('kind');
    expect(classifyConsulta(c217)).toMatchObject({ kind: 'final', result: 'inexistente' });
    expect(classifyConsulta(c101)).toMatchObject({ kind: 'final', result: 'cancelada' });
    expect(classifyConsulta(c100)).toMatchObject({ kind: 'final', result: 'autorizada' });

    for (const file of [
      'nfelib-svrs-2023/svrs_hom_retConsStatServ_107.soap11.xml',
      'sped-nfe/retConsStatServ.xml',
    ]) {
      const status = sample(file);
      if (status.kind !== 'retConsStatServ') throw new Error('kind');
      expect(classifyStatus(status)).toMatchObject({ kind: 'final', result: 'em_operacao' });
    }

    const cancel = sample('sped-nfe-docs/sp_hom_2017_retEnvEvento_cancel_155.soap12.xml');
    if (cancel.kind !== 'retEnvEvento') throw new Error('kind');
    const ref = {
      chave: '35150300822602000124550010009923461099234656',
      tpEvento: '110111',
      nSeqEvento: 1,
    };
    expect(classifyEventos(cancel, [ref])).toMatchObject([
      {
        evento: ref,
        classification: { kind: 'final', result: 'registrado', cStat: '155' },
        retEvento: { nProt: '135170002129076' },
      },
    ]);
    expect(classifyEventos(cancel, [{ ...ref, nSeqEvento: 2 }])[0]?.classification.kind).toBe(
      'unknown',
    );
    const cce = sample('sped-nfe-docs/sp_hom_2017_retEnvEvento_cce_135.soap12.xml');
    if (cce.kind !== 'retEnvEvento') throw new Error('kind');
    const cceEvent = cce.retEvento[0];
    if (!cceEvent?.chNFe) throw new Error('retEvento');
    expect(
      classifyEventos(cce, [
        { chave: cceEvent.chNFe, tpEvento: '110110', nSeqEvento: Number(cceEvent.nSeqEvento) },
      ])[0]?.classification,
    ).toMatchObject({ kind: 'final', result: 'registrado' });
    const lot215 = sample('nfelib-svrs-2023/svrs_hom_retEnvEvento_215.soap11.xml');
    if (lot215.kind !== 'retEnvEvento') throw new Error('kind');
    expect(classifyEventos(lot215, [ref])[0]?.classification).toMatchObject({
      kind: 'final',
      result: 'rejeitada',
      cStat: '215',
    });

    const inut = sample('sped-nfe/response_inut_cnpj.xml');
    if (inut.kind !== 'retInutNFe') throw new Error('kind');
    expect(classifyInutilizacao(inut)).toMatchObject({
      kind: 'final',
      result: 'homologada',
      cStat: '102',
    });
  });
});

describe('failures without an answer', () => {
  it('are retryable for queries and unknown for sends that may have reached SEFAZ', () => {
    const lost = new TransportError('timeout', 'no answer in 30 s', true);
    const refused = new TransportError('connect_failed', 'ECONNREFUSED', false);
    const status500 = new TransportError('http_status', 'HTTP 500', true, 500, '');
    const status403 = new TransportError('http_status', 'HTTP 403', true, 403, '');
    const garbage = new SefazAnswerError('not_xml', 'x');
    expect(classifyFailure('NFeAutorizacao4', lost).kind).toBe('unknown');
    expect(classifyFailure('NFeRecepcaoEvento4', status500).kind).toBe('unknown');
    expect(classifyFailure('NFeInutilizacao4', garbage).kind).toBe('unknown');
    expect(classifyFailure('NFeAutorizacao4', refused).kind).toBe('retryable');
    expect(classifyFailure('NFeAutorizacao4', status403).kind).toBe('retryable');
    expect(classifyFailure('NFeConsultaProtocolo4', lost).kind).toBe('retryable');
    expect(classifyFailure('NFeRetAutorizacao4', status500).kind).toBe('retryable');
    expect(classifyFailure('NFeStatusServico4', garbage).kind).toBe('retryable');
  });
});
