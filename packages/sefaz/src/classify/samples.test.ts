import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { sharedDir, sharedPath } from '@emissor/test-support';

import { parseProcEventoNFeDocument, parseSefazAnswer } from '../answers/parse.js';
import type { SefazAnswer } from '../answers/types.js';
import { readSefazRequest } from '../server/read-request.js';
import {
  classifyAutorizacao,
  classifyConsulta,
  classifyEventos,
  classifyInutilizacao,
  classifyStatus,
} from './answers.js';
import { classifyCStat } from './cstat.js';
import type { Classification } from './types.js';

/** What each answer says about its document(s), as `kind[:result]` per document or event. */
function outcomes(answer: SefazAnswer): string[] {
  const label = (c: Classification): string => (c.kind === 'final' ? `final:${c.result}` : c.kind);
  switch (answer.kind) {
    case 'retEnviNFe':
      return classifyAutorizacao(answer, answer.protNFe ? [answer.protNFe.chNFe] : ['any']).map(
        (o) => label(o.classification),
      );
    case 'retConsReciNFe':
      return classifyAutorizacao(
        answer,
        answer.protNFe.map((p) => p.chNFe),
      ).map((o) => label(o.classification));
    case 'retConsSitNFe':
      return [label(classifyConsulta(answer))];
    case 'retConsStatServ':
      return [label(classifyStatus(answer))];
    case 'retEnvEvento': {
      const refs = answer.retEvento.length
        ? answer.retEvento.map((r) => ({
            chave: r.chNFe ?? '',
            tpEvento: r.tpEvento ?? '',
            nSeqEvento: Number(r.nSeqEvento),
          }))
        : [{ chave: 'any', tpEvento: '110111', nSeqEvento: 1 }];
      return classifyEventos(answer, refs).map((o) => label(o.classification));
    }
    case 'retInutNFe':
      return [label(classifyInutilizacao(answer))];
  }
}

/** Every file of shared/nfe-samples/sefaz: answers with their outcome, requests, stored events. */
const EXPECTED: Readonly<Record<string, string>> = {
  'nfelib-svrs-2023/svrs_hom_retConsReciNFe_104_prot297.soap11.xml': 'final:rejeitada',
  'nfelib-svrs-2023/svrs_hom_retConsSitNFe_217.soap11.xml': 'final:inexistente',
  'nfelib-svrs-2023/svrs_hom_retConsStatServ_107.soap11.xml': 'final:em_operacao',
  'nfelib-svrs-2023/svrs_hom_retEnvEvento_215.soap11.xml': 'final:rejeitada',
  'nfelib-svrs-2023/svrs_hom_retEnviNFe_103_async.soap11.xml': 'pending',
  'sped-nfe-docs/sp_hom_2017_retEnvEvento_cancel_155.soap12.xml': 'final:registrado',
  'sped-nfe-docs/sp_hom_2017_retEnvEvento_cce_135.soap12.xml': 'final:registrado',
  'sped-nfe-docs/an_2016_procEventoNFe_210200.xml': 'stored event 135',
  'sped-nfe/2017reconsrec.xml': 'final:autorizada',
  'sped-nfe/exemplo_retorno_sucesso_envia_lote.xml': 'final:autorizada',
  'sped-nfe/retEnviNFe.xml': 'final:autorizada',
  'sped-nfe/response_inut_cnpj.xml': 'final:homologada',
  'sped-nfe/retConsStatServ.xml': 'final:em_operacao',
  'sped-nfe/exemplo_request_consulta_chave.xml': 'request consSitNFe',
  'sped-nfe/exemplo_xml_inutiliza.xml': 'request inutNFe',
  'sped-nfe/exemplo_xml_request_cce_cnpj.xml': 'request envEvento',
  'sped-nfe/exemplo_xml_sefazCancela.xml': 'request envEvento',
  'sped-nfe/exemplo_xml_status.xml': 'request consStatServ',
  'sped-nfe/req_evento_cancela.xml': 'request envEvento',
  'unimake/41170801761135000132550010000189121110755809-ev-110110-001.xml': 'stored event 135',
  'unimake/retConsSitNFe2.xml': 'final:cancelada',
  'unimake/retConsSitNFe4.xml': 'final:autorizada',
};

function whatItIs(file: string): string {
  const body = readFileSync(sharedPath('nfe-samples', 'sefaz', ...file.split('/')), 'utf8');
  if (/<(\w+:)?nfeDadosMsg[\s>]/.test(body)) {
    const message = body.slice(
      body.indexOf('>', body.search(/<(\w+:)?nfeDadosMsg[\s>]/)) + 1,
      body.search(/<\/(\w+:)?nfeDadosMsg>/),
    );
    return `request ${readSefazRequest(message).kind}`;
  }
  if (/^(<\?xml[^>]*>\s*)?<procEventoNFe[\s>]/.test(body.trim())) {
    const stored = parseProcEventoNFeDocument(body);
    const meaning = classifyCStat('evento', stored.retEvento?.cStat ?? '', '');
    expect(meaning).toMatchObject({ kind: 'final', result: 'registrado' });
    return `stored event ${stored.retEvento?.cStat ?? ''}`;
  }
  return [...new Set(outcomes(parseSefazAnswer(body)))].join(',');
}

describe.skipIf(!sharedDir())('every file of shared/nfe-samples/sefaz', () => {
  it('is in the table below, and nothing in the table is missing', () => {
    const dir = sharedPath('nfe-samples', 'sefaz');
    const files = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(`${dir}/${d.name}`).map((name) => `${d.name}/${name}`));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s → %s', (file, expected) => {
    expect(whatItIs(file)).toBe(expected);
  });
});
